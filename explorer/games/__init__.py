"""One sub-package per game; each registers itself on import. The registry discovers them all."""
