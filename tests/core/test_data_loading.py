"""A malformed data file names the file, the entry and the field; nothing is half-loaded."""

from __future__ import annotations

import pytest

from explorer import DataError
from explorer.data import Field, load_table, non_negative
from explorer.registers import load_assumptions, load_clauses

SCHEMA = {"id": Field(str), "hp": Field(int, check=non_negative), "kind": Field(str, choices=("a", "b"))}


def write(tmp_path, text, name="cards.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_table_loads_whole(tmp_path):
    p = write(tmp_path, '[[card]]\nid="x"\nhp=3\nkind="a"\n[[card]]\nid="y"\nhp=0\nkind="b"\n')
    assert [e["id"] for e in load_table(p, "card", SCHEMA)] == ["x", "y"]


@pytest.mark.parametrize(("body", "entry", "field", "words"), [
    ('[[card]]\nid="x"\nhp=-1\nkind="a"\n', "x", "hp", "0 or more"),
    ('[[card]]\nid="x"\nhp="3"\nkind="a"\n', "x", "hp", "expected int"),
    ('[[card]]\nid="x"\nkind="a"\n', "x", "hp", "missing"),
    ('[[card]]\nid="x"\nhp=1\nkind="c"\n', "x", "kind", "not one of"),
    ('[[card]]\nid="x"\nhp=1\nkind="a"\nhpp=2\n', "x", "hpp", "unknown field"),
    ('[[card]]\nid="x"\nhp=1\nkind="a"\n[[card]]\nid="x"\nhp=1\nkind="a"\n', "x", "id", "duplicate"),
    ('[[card]]\nid="x"\nhp=true\nkind="a"\n', "x", "hp", "boolean"),
])
def test_bad_entries_name_file_entry_and_field(tmp_path, body, entry, field, words):
    p = write(tmp_path, body)
    with pytest.raises(DataError) as err:
        load_table(p, "card", SCHEMA)
    e = err.value
    assert (e.file, e.entry, e.field) == (str(p), entry, field)
    assert words in str(e) and str(p) in str(e)


def test_syntax_errors_and_missing_files_name_the_file(tmp_path):
    p = write(tmp_path, "[[card]\n")
    with pytest.raises(DataError, match="not valid TOML"):
        load_table(p, "card", SCHEMA)
    with pytest.raises(DataError, match="file not found"):
        load_table(tmp_path / "nope.toml", "card", SCHEMA)


def test_a_clause_not_modelled_needs_a_reason(tmp_path):
    p = write(tmp_path, '[[clause]]\nid="X-1"\nsection="s"\nzh="中"\nen="e"\nstatus="not modelled"\n', "rules.toml")
    with pytest.raises(DataError) as err:
        load_clauses(p)
    assert err.value.field == "reason" and err.value.entry == "X-1"


def test_an_assumption_switch_default_must_be_allowed(tmp_path):
    p = write(tmp_path, '[[assumption]]\nid="A1"\nseed_ref="s"\nquestion_en="q"\nquestion_zh="问"\n'
                        'default="d"\nalternatives=["x"]\nwhy="w"\nswitch="s"\nvalues=[1,2]\ndefault_value=3\n',
              "assumptions.toml")
    with pytest.raises(DataError) as err:
        load_assumptions(p)
    assert err.value.field == "default_value"


@pytest.mark.parametrize(("zh", "why"), [('["甲", "乙"]', "one 中文 text per alternative"), ('[""]', "non-empty")])
def test_the_chinese_alternatives_match_the_english_ones(tmp_path, zh, why):
    p = write(tmp_path, '[[assumption]]\nid="A1"\nseed_ref="s"\nquestion_en="q"\nquestion_zh="问"\n'
                        f'default="d"\nalternatives=["x"]\nalternatives_zh={zh}\nwhy="w"\n', "assumptions.toml")
    with pytest.raises(DataError, match=why) as err:
        load_assumptions(p)
    assert err.value.field == "alternatives_zh" and err.value.entry == "A1" and "assumptions.toml" in str(err.value)
    ok = write(tmp_path, '[[assumption]]\nid="A1"\nseed_ref="s"\nquestion_en="q"\nquestion_zh="问"\n'
                         'default="d"\nalternatives=["x"]\nwhy="w"\n', "assumptions.toml")
    a = load_assumptions(ok)[0]  # 中文 left out (a user's own register): the English is shown in both languages
    assert a.our_default("zh") == "d" and a.other_readings("zh") == ("x",) and a.reason("zh") == "w"


SWITCH = ('[[assumption]]\nid="A1"\nseed_ref="s"\nquestion_en="q"\nquestion_zh="问"\ndefault="d"\nalternatives=["x"]\n'
          'why="w"\n')


@pytest.mark.parametrize(("extra", "field", "why"), [
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nvalue_labels_en=["one"]\n', "value_labels_en", "one text per value"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nvalue_labels_zh=["一","二","三"]\n', "value_labels_zh",
     "one text per value"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nvalue_labels_en=["one", " "]\n', "value_labels_en", "non-empty"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nvalue_labels_zh=["一", 2]\n', "value_labels_zh", "non-empty"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nlabel_zh=""\n', "label_zh", "must not be empty"),
    ('label_en="Start"\n', "label_en", "no switch"),
    ('value_labels_zh=["一"]\n', "value_labels_zh", "no switch"),
    ('players_from=3\n', "players_from", "no switch"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nplayers_from=-1\n', "players_from", "between 0 and 99"),
    ('switch="s"\nvalues=[1,2]\ndefault_value=1\nplayers_from="3"\n', "players_from", "int"),
])
def test_a_switch_label_is_refused_naming_file_entry_and_field(tmp_path, extra, field, why):
    """Labels belong to a switch, one per value; a malformed one stops the whole register (nothing half-loads)."""
    p = write(tmp_path, SWITCH.replace('id="A1"', 'id="A0"') + SWITCH + extra, "assumptions.toml")
    with pytest.raises(DataError, match=why) as err:
        load_assumptions(p)
    assert (err.value.file, err.value.entry, err.value.field) == (str(p), "A1", field)
    assert str(p) in str(err.value) and "A1" in str(err.value) and field in str(err.value)


def test_a_switch_without_labels_is_named_by_its_switch_and_values(tmp_path):
    """A user's own register may leave labels out: the menu then shows the switch's name and the value's text;
    a 中文 label left out falls back to the English one."""
    p = write(tmp_path, SWITCH + 'switch="s"\nvalues=[1,2]\ndefault_value=1\nlabel_en="Start"\n'
                                 'value_labels_en=["one", "two"]\n', "assumptions.toml")
    a = load_assumptions(p)[0]
    assert (a.label("en"), a.label("zh"), a.value_label(2, "zh"), a.value_label(True, "en")) == ("Start", "Start",
                                                                                                  "two", "True")
    bare = load_assumptions(write(tmp_path, SWITCH + 'switch="s"\nvalues=[1,2]\ndefault_value=1\n', "bare.toml"))[0]
    assert (bare.label("zh"), bare.value_label(1, "zh")) == ("s", "1")
