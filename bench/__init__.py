"""`make bench`: each module here has ``run() -> list[Row]``; ``python -m bench`` prints one table."""
