"""PyTorch's module-level random functions, on ember._C.default_generator
(the stream random ops use without `generator=`)."""
from ember._C import default_generator


def manual_seed(seed: int):
    """Seeds the default generator (the low 32 bits, as Torch7); returns it."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    """Seeds the default generator from the system's entropy; returns the seed."""
    return default_generator.seed()


def initial_seed() -> int:
    """The default generator's last seed."""
    return default_generator.initial_seed()


def get_rng_state():
    """The default generator's state, a uint8 tensor (TH's THGenerator bytes)."""
    return default_generator.get_state()


def set_rng_state(new_state) -> None:
    """Restores the default generator's state from get_rng_state()."""
    default_generator.set_state(new_state)
