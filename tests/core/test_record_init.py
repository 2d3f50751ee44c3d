"""Issue 33: a ``@record``'s ``__init__`` writes its fields by plain stores while the new record is briefly its
builder class (``records._fast_init``). It must make the very record the dataclass's own ``__init__`` makes, for
every record of every game: the same class, the same fields (defaults included), frozen, with the same errors."""

from __future__ import annotations

import dataclasses

import pytest
from support import games

import explorer
from explorer import record
from explorer.records import _RECORDS


def every_record() -> list[type]:
    for game_id in games():
        explorer.get_game(game_id)  # its records are made as its modules load
    return sorted(set(_RECORDS.values()), key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


RECORDS = every_record()


def dataclass_init(cls: type):
    """The __init__ dataclasses wrote for ``cls`` (kept by the fast one for what it alone does)."""
    return cls.__init__.__globals__["_slow_"] if "_slow_" in cls.__init__.__globals__ else cls.__init__


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: f"{cls.__module__.split('.')[-1]}.{cls.__qualname__}")
def test_a_record_is_built_as_the_dataclass_builds_it(cls):
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    values = {f.name: (f"{f.name}-value", len(f.name)) for f in fields}  # a value of its own for every field
    for given in ({f.name: values[f.name] for f in required}, values):  # defaults left out, then every field given
        fast = cls(**given)
        slow = object.__new__(cls)
        dataclass_init(cls)(slow, **given)
        assert type(fast) is cls
        assert all(getattr(fast, f.name) == getattr(slow, f.name) for f in fields), given
        assert fast == slow and hash(fast) == hash(slow)
        positional = cls(*(given[f.name] for f in fields if f.name in given))  # in field order
        assert positional == fast
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, fields[0].name, None)
    if required:
        with pytest.raises(TypeError, match=required[0].name):
            cls()  # a field without a default is still required


def test_a_fast_init_is_made_only_where_it_does_what_the_dataclass_does():
    """A record with a field made by a factory, or a __post_init__, keeps the dataclass's own __init__."""

    @record
    class Plain:
        a: int
        b: tuple = ()

    @record
    class Made:
        a: int
        b: list = dataclasses.field(default_factory=list)

    @record
    class Checked:
        a: int

        def __post_init__(self):
            if self.a < 0:
                raise ValueError("negative")

    assert Plain.__init__.__qualname__.endswith("Plain.__init__") and "_slow_" in Plain.__init__.__globals__
    assert "_slow_" not in Made.__init__.__globals__ and Made(1).b == [] and Made(1).b is not Made(1).b
    assert "_slow_" not in Checked.__init__.__globals__
    with pytest.raises(ValueError):
        Checked(-1)

    class Sub(Plain):  # an instance of a subclass is built by the dataclass's __init__, and stays a Sub
        __slots__ = ()

    assert type(Sub(1)) is Sub and Sub(1).a == 1 and Sub(1, (2,)).b == (2,)
    for name in [k for k, v in _RECORDS.items() if v in (Plain, Made, Checked)]:
        del _RECORDS[name]  # the test's own classes are not the games' records
