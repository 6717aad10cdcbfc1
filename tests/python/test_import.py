"""The package imports from the build tree and wraps tensors."""
import ember


def test_tensor_type_is_exported():
    assert ember.Tensor.__name__ == "Tensor"
    assert ember.Tensor.__module__ == "ember._C"
