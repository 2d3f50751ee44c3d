# %% [markdown]
# # Rules Explorer · 规则探索器
#
# Learn three tabletop card games step by step, play them against bots, compute the odds exactly and watch every event resolve. 逐步学习三款桌游卡牌游戏：与机器人对局、精确计算概率、观察每个事件的结算。

# %%
# The app only wires components; every rule lives in explorer/, every number in probability/.
import ipywidgets as ipw
from IPython.display import display

import explorer
from widgets.components.content_notice import ContentNotice, playable_games
from widgets.app.tabs import learn_makers, odds_makers
from widgets.i18n import LanguageSwitch, link_lang
from widgets.components.page_style import page_style
from widgets.components.per_game import PerGame
from widgets.play.play_area import PlayArea, teacher_from_server
from widgets.components.registers_view import RegistersView

GAMES, BROKEN = playable_games()  # a game whose content files do not load is left out, with the reason shown
FIRST = "eternal_breath" if "eternal_breath" in GAMES else GAMES[0]
TABS = [("Learn", "学习"), ("Play", "对局"), ("Odds", "概率"), ("Event chains", "事件链"), ("Balance", "平衡"),
        ("Rules", "规则")]

game_picker = ipw.Dropdown(options=[(f"{explorer.get_game(g).name_zh} · {explorer.get_game(g).name_en}", g)
                                    for g in GAMES], value=FIRST, description="Game 游戏",
                           layout=ipw.Layout(width="auto", max_width="100%"))  # each game's whole name
game_picker.add_class("re-game-picker")
language = LanguageSwitch()
notice = ContentNotice(BROKEN)
learn = PerGame(learn_makers(GAMES), game_id=FIRST)
# The Play table (two thirds of the page's widgets), the Odds and the Balance tabs are made when first opened: a
# page sends its browser a third of the widgets, and a kernel that never opens Odds or Balance stays ~20 MB
# smaller and starts faster (issue 18). The Play table's event graph is the Event chains tab.
play_tab, chains_tab, odds_tab, balance_tab = ipw.VBox(), ipw.VBox(), ipw.VBox(), ipw.VBox()
for tab, name in ((play_tab, "play"), (chains_tab, "chains"), (odds_tab, "odds"), (balance_tab, "balance")):
    tab.add_class(f"re-{name}-tab")
rules = RegistersView(game_id=FIRST)
tabs = ipw.Tab(children=[learn, play_tab, odds_tab, chains_tab, balance_tab, rules])
tabs.add_class("re-app-tabs")
CHAINS = TABS.index(("Event chains", "事件链"))
for part in (learn, rules):
    ipw.link((game_picker, "value"), (part, "game_id"))
link_lang(language, learn, rules, notice)


def _make_play():
    # the teacher's view (every seat's cards) only where the server was started for a class: `--teacher`
    play = PlayArea(game_picker.value, lang=language.lang, graph_shown=tabs.selected_index == CHAINS,
                    teacher=teacher_from_server())
    ipw.dlink((tabs, "selected_index"), (play, "graph_shown"), transform=lambda i: i == CHAINS)
    chains_tab.children = [play.graph_panel]  # its event graph is drawn while its tab is open
    return play


def _make_odds():
    return PerGame(odds_makers(GAMES), game_id=game_picker.value, lang=language.lang)


def _make_balance():
    from widgets.balance.lab import BalanceLab

    return BalanceLab(game_picker.value, lang=language.lang)


LAZY = {TABS.index(("Play", "对局")): (play_tab, _make_play), CHAINS: (play_tab, _make_play),
        TABS.index(("Odds", "概率")): (odds_tab, _make_odds), TABS.index(("Balance", "平衡")): (balance_tab, _make_balance)}


def opened(index: int):
    """The view of tab ``index``, made and linked to the game and the language the first time it is asked for
    (the tab need not be open: a shared link opens its game in the Play table)."""
    tab, make = LAZY[index]
    if not tab.children:
        part = make()
        ipw.link((game_picker, "value"), (part, "game_id"))
        link_lang(language, part)
        tab.children = [part]
    return tab.children[0]


def _open_tab(change=None):
    """Fires when a tab is opened: the first time Play, Event chains, Odds or Balance opens, its view is made."""
    if tabs.selected_index in LAZY:
        opened(tabs.selected_index)


tabs.observe(_open_tab, "selected_index")


def _retitle(change=None):
    """Fires when the language changes: the tab titles follow."""
    for i, (en, zh) in enumerate(TABS):
        tabs.set_title(i, zh if language.lang == "zh" else en)


language.observe(_retitle, "lang")
_retitle()
display(ipw.VBox([page_style(), ipw.HBox([game_picker, language], layout=ipw.Layout(flex_flow="row wrap")), notice,
                  tabs]))

# %%
# What the page shows is checked here (nbval runs this notebook in `make test`); a visitor's page skips it: it
# would open Odds, Balance and a second game, three times the widgets every page sends its browser (issue 18).
import sys

from widgets.app.page import served_to_a_visitor


def check_the_page():
    assert not play_tab.children and not chains_tab.children  # the Play table is made when first opened
    assert "probability" not in sys.modules and not odds_tab.children  # the Odds tab is made when first opened
    assert set(GAMES) >= {"eternal_breath", "card_moba", "castle_heart"} and not BROKEN and not notice.errors
    assert [tabs.get_title(i) for i in range(len(TABS))] == [en for en, _ in TABS]
    assert "widgets.balance.lab" not in sys.modules and not balance_tab.children
    tabs.selected_index = TABS.index(("Play", "对局"))
    play = play_tab.children[0]
    assert chains_tab.children == (play.graph_panel,) and not play.graph_shown
    assert play.session.game_id == learn.game_id == rules.game_id == FIRST
    tabs.selected_index = TABS.index(("Odds", "概率"))
    odds = odds_tab.children[0]
    assert odds.game_id == FIRST and "probability" in sys.modules
    tabs.selected_index = TABS.index(("Balance", "平衡"))
    balance = balance_tab.children[0]
    assert balance.game_id == FIRST
    language.lang = "zh"
    assert tabs.get_title(1) == "对局" and play.lang == rules.lang == odds.made[FIRST].lang == balance.lang == "zh"
    language.lang = "en"
    game_picker.value = "card_moba"
    assert play.session.game_id == odds.game_id == balance.game_id == "card_moba" and rules.game_id == "card_moba"
    game_picker.value = FIRST
    assert not play.graph_shown and play.graph.spec == {}  # not drawn until its tab opens
    tabs.selected_index = CHAINS
    assert play.graph_shown and play.graph.spec["blocks"] and play.graph.picture.spec == play.graph.spec
    tabs.selected_index = 0
    assert not play.graph_shown and play.session.seed_is_secret  # the dice: a seed drawn from the OS for this table


if not served_to_a_visitor():
    check_the_page()


# %%
# A shared link (?play=<code>&lang=<en|zh>, the Play tab's "Share link") reopens its game at its step in the Play
# tab, in the language it was shared in; a bad or forged code is refused there with the reason and the new game
# stays. With pre-heated kernels Voilà runs the notebook before the page is asked for: this cell waits for the
# page's query string (table_file.page_query, as voila.utils.get_query_string), which Voilà sends the kernel
# when the page is requested.
from widgets.components.table_file import shared_link

shared_code, shared_lang = shared_link()
if shared_lang:
    language.lang = shared_lang
if shared_code:
    tabs.selected_index = TABS.index(("Play", "对局"))
    opened(tabs.selected_index).file.open_link(shared_code)
