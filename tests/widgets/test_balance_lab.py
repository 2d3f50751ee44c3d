"""The Balance tab: a study in the page with progress and cancel, a study loaded from a file, bad values refused."""

from __future__ import annotations

import datetime
import html
import json

import pandas as pd
import pytest
import traitlets
from support import games

from balance import Study, run, write
from balance.tables import readings
from widgets.balance.lab import BalanceLab


def lab(**kw) -> BalanceLab:
    b = BalanceLab("castle_heart", **kw)
    b.games = 12
    return b


def test_a_study_in_the_page_is_the_command_lines_study():
    b = lab()
    b.start(wait=True)
    expected = run(Study("castle_heart", b.players, 12, ("greedy",)), workers=0, progress=False)
    pd.testing.assert_frame_equal(b.table, expected)
    assert b._bar.value == b._bar.max == 12 and not b.running
    assert "12 games" in b._status.value and "%" in b._summary.value
    assert "How the games ended" in b._endings.value and len(b._charts.outputs) == len(b._first.outputs) == 1
    b.lang = "zh"
    assert "共 12 局" in b._status.value and "按英雄" in b._summary.value



@pytest.mark.parametrize("game_id", games())
def test_a_lab_made_in_chinese_reads_as_one_switched_to_chinese(game_id):
    """The app makes the Balance tab when it is first opened, in the page's language: a page in 中文 makes it in
    中文 at once (this raised, leaving the tab empty, when the language came before the game)."""
    made, switched = BalanceLab(game_id, lang="zh"), BalanceLab(game_id)
    switched.lang = "zh"
    assert made._title.value == switched._title.value and "平衡" in made._title.value
    assert made._reading.options == switched._reading.options and made._run.description == switched._run.description


@pytest.mark.parametrize("game_id", games())
def test_the_readings_menu_names_each_reading_in_the_pages_language(game_id):
    """Issue 14 point 6: a reading is named by its switch's label and value's (assumptions register) or by its
    clause (the MOBA's Ruler settings), never "block_without_card=zero"; its value stays the engine's key."""
    import re

    b = BalanceLab(game_id)
    for lang in ("en", "zh", "en"):
        b.lang = lang
        shown = [(text, value) for text, value in b._reading.options if value]
        assert [value for _, value in shown] == readings(game_id)
        for text, value in shown:
            assert value not in text and "_" not in text, text
            if lang == "zh":
                assert not re.search(r"[A-Za-z]", text) and re.search(r"[\u4e00-\u9fff]", text), text
            else:
                assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", text), text
        assert len({text for text, _ in shown}) == len(shown)  # no two readings read the same

def test_a_comparison_plays_the_same_seeds_under_the_other_reading():
    b = lab()
    b.compare = "distance=adjacent_all"
    b.start(wait=True)
    assert list(b.table["seed"]) == list(b.other["seed"])
    assert json.loads(b.other["variant"].iloc[0])["distance"] == "adjacent_all"
    assert json.loads(b.table["variant"].iloc[0])["distance"] != "adjacent_all"
    assert b._bar.max == 24


def test_cancel_keeps_the_games_already_played():
    b = lab()

    def stop(change):
        if change["new"] >= 3:
            b._cancel.set()

    b._bar.observe(stop, "value")
    b.start(wait=True)
    assert len(b.table) == 3 and "cancelled" in b._status.value


@pytest.mark.parametrize(("trait", "value"), [("players", 9), ("players", True), ("bots", "genius"),
                                              ("compare", "distance=far"), ("compare", "round_cap=3"),
                                              ("game_id", "chess")])
def test_bad_values_from_the_browser_are_refused(trait, value):
    b = lab()
    before = getattr(b, trait)
    with pytest.raises(traitlets.TraitError):
        setattr(b, trait, value)
    assert getattr(b, trait) == before


def test_a_control_set_out_of_range_is_undone_or_clamped():
    b = lab()
    b._players.value = 4
    b._games.value = 500
    assert b.games == 500
    b.games = 10**6
    assert b.games == 500
    assert "round_cap=3" not in readings("castle_heart")  # the simulation limits are not readings


def _upload(b, name, data):
    b._upload.value = ({"name": name, "type": "", "size": len(data), "content": memoryview(data),
                        "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)},)


def test_a_study_file_is_loaded_and_a_bad_one_changes_nothing(tmp_path):
    df = run(Study("castle_heart", 5, 8, ("greedy",), seed=4), workers=0, progress=False)
    path = write(df, tmp_path / "s.parquet")
    b = lab()
    _upload(b, "s.parquet", path.read_bytes())
    pd.testing.assert_frame_equal(b.table, df)
    assert "from s.parquet" in b._status.value
    _upload(b, "junk.parquet", b"not parquet at all")
    assert "not a balance study" in b._status.value and b.table is not None
    pd.testing.assert_frame_equal(b.table, df)
    other = run(Study("card_moba", 2, 3, ("greedy",)), workers=0, progress=False)
    _upload(b, "moba.parquet", write(other, tmp_path / "m.parquet").read_bytes())
    assert "is not a study of Castle Heart" in b._status.value
    pd.testing.assert_frame_equal(b.table, df)
    _upload(b, "cut.parquet", write(df.drop(columns=["winners"]), tmp_path / "c.parquet").read_bytes())
    assert "no column winners" in b._status.value


def test_a_new_game_offers_its_own_players_and_bots_without_changing_them_by_itself():
    b = BalanceLab("eternal_breath")
    b.game_id = "castle_heart"
    assert b.players == 4 and b._players.value == 4 and list(b._players.options) == list(range(3, 9))
    b.lang = "zh"
    assert b.players == 4 and ("贪心", "greedy") in b._bots.options


def test_a_parquet_bomb_and_badly_typed_studies_are_refused_in_both_languages(tmp_path):
    """Issue 38 point 2: a 4.9 MB file of 100 M rows (≥ 3.7 GiB once read) is refused from its metadata, before
    it is read; a file that passes must not crash the drawing (win_0 as text; identity_0 without identity_1)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from balance import tables

    df = run(Study("castle_heart", 5, 8, ("greedy",), seed=4), workers=0, progress=False)
    b = lab()
    _upload(b, "s.parquet", write(df, tmp_path / "s.parquet").read_bytes())
    rows = tables.MAX_ROWS + 1  # a constant column compresses to almost nothing: the bomb's shape, one row over
    bomb = tmp_path / "bomb.parquet"
    pq.write_table(pa.table({"game": pa.repeat(pa.scalar(0, pa.int8()), rows)}), bomb, compression="zstd")
    assert bomb.stat().st_size < 200_000
    read = []
    real = pd.read_parquet
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pd, "read_parquet", lambda *a, **k: read.append(1) or real(*a, **k))
        _upload(b, "bomb.parquet", bomb.read_bytes())
    assert read == [] and f"{tables.MAX_ROWS:,}" in b._status.value and "not a balance study" in b._status.value
    pd.testing.assert_frame_equal(b.table, df)  # nothing changed
    b.lang = "zh"
    _upload(b, "bomb.parquet", bomb.read_bytes())
    assert "研究文件最多" in html.unescape(b._status.value) and "rows" not in b._status.value
    b.lang = "en"
    texts = df.assign(win_0=df["win_0"].map({True: "yes", False: "no"}))
    _upload(b, "text.parquet", write(texts, tmp_path / "t.parquet").read_bytes())
    assert "win_0 must be a column of true/false" in b._status.value
    lone = df.drop(columns=[c for c in df.columns if c.startswith("identity_") and c != "identity_0"])
    _upload(b, "lone.parquet", write(lone, tmp_path / "l.parquet").read_bytes())
    assert "has identity_0 but no identity_1" in b._status.value
    pd.testing.assert_frame_equal(b.table, df)
