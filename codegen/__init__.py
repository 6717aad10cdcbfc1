"""ember's code generator: schemas/*.yaml -> generated/ (see docs/architecture.md)."""
