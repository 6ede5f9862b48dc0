"""`python -m specbridge` is the `specbridge` command."""

from specbridge.cli import script

script()
