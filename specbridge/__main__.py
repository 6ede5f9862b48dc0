"""`python -m specbridge` is the `specbridge` command."""

from specbridge.cli import main

main()
