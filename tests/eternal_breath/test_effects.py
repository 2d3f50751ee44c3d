"""§2.5 效果卡 and §3.1 技能: instant and persistent effect cards, active and passive skills, judgments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer import IllegalAction
from explorer.games.eternal_breath.records import Task, Turn
from explorer.games.eternal_breath.scenarios import ATTACKER

from .helpers import do, draw, end_turn, events, head, hp, judge, last, pass_rescues, roll, seat, state

DUMMY = "scn-normal-1-10"


def test_any_number_of_instant_effect_cards():
    """'EB-1.2.4-effects-any': two 金袋 in one turn; coins cut at the cap ('EB-2.6-coin-cap')."""
    s = state(seat(hand=("eff_gold_pouch", "eff_gold_pouch"), coins=15), seat())
    s = do(do(s, "effect", 0, card="eff_gold_pouch", seat=-1, target=""), "effect", 0, card="eff_gold_pouch",
           seat=-1, target="")
    assert [e.clause for e in events(s, "effect")] == ["EB-1.2.4-effects-any"] * 2
    assert s.data.seats[0].coins == 20 and [e.number("gained") for e in events(s, "coins")] == [3, 2]


def test_effect_damage_and_drawing():
    """'EB-3.2-damage-taken': 炸弹 covers 2 HP points; 灵感 draws 2 cards (chance)."""
    s = state(seat(hand=("eff_bomb", "eff_insight")), seat(summons=(DUMMY,)))
    s = do(s, "effect", 0, card="eff_bomb", seat=1, target=DUMMY)
    assert last(s, "effect damage").clause == "EB-3.2-damage-taken" and hp(s, 1, DUMMY) == 8
    s = do(s, "effect", 0, card="eff_insight", seat=-1, target="")
    s = draw(draw(s, "atk_slash"), "def_guard")
    assert s.data.seats[0].hand == ("atk_slash", "def_guard") and head(s) == "play"


def test_persistent_effect_in_own_zone_and_on_a_character():
    """'EB-2.5-effect-card' (怒火 in the player's zone: +1 attack) and 'EB-3.1-zones' (再生 on a character)."""
    s = state(seat(summons=(ATTACKER,), hand=("eff_fury", "eff_regeneration", "atk_slash")), seat(summons=(DUMMY,)))
    s = do(s, "place", 0, card="eff_fury", seat=0, target="")
    assert last(s, "effect placed").clause == "EB-2.5-effect-card" and s.data.seats[0].coins == 5
    s = do(s, "place", 0, card="eff_regeneration", seat=0, target=ATTACKER)
    assert last(s, "effect placed").clause == "EB-3.1-zones"
    view = s.view(None)["players"][0]
    assert [e["card"] for e in view["effects"]] == ["eff_fury"]
    assert [e["card"] for e in view["characters"][1]["effects"]] == ["eff_regeneration"]
    s = do(s, "attack", 0, by=ATTACKER, cards=("atk_slash",), seat=1, target=DUMMY)
    s = roll(do(roll(s, 1), "block", 1, card=""), 1)
    assert last(s, "damage").number("total_attack") == 1 + 2 + 1


def test_placing_in_another_zone_costs_and_can_be_refused_then_forced():
    """'EB-3.2-effect-cost', 'EB-3.2-effect-refuse', 'EB-3.2-effect-force'."""
    s = state(seat(hand=("eff_tithe",), coins=4), seat(coins=1))
    s = do(s, "place", 0, card="eff_tithe", seat=1, target="")
    assert last(s, "pay").clause == "EB-3.2-effect-cost" and s.current_player == 1
    s = do(s, "refuse", 1)
    assert last(s, "refuse").clause == "EB-3.2-effect-refuse" and s.data.seats[1].coins == 0
    assert s.current_player == 0 and head(s) == "force"
    s = do(s, "force", 0)
    assert last(s, "effect placed").clause == "EB-3.2-effect-force" and s.data.seats[0].coins == 0
    assert [e.card for e in s.data.seats[1].effects] == ["eff_tithe"]


def test_a_refused_card_is_discarded_or_returned():
    """EB-A11 switch refused_effect_card ('EB-3.2-effect-refuse')."""
    for mode, where in (("discard", "discard"), ("hand", "hand")):
        s = state(seat(hand=("eff_tithe",), coins=2), seat(coins=1), variant={"refused_effect_card": mode})
        s = do(do(s, "place", 0, card="eff_tithe", seat=1, target=""), "refuse", 1)
        assert head(s) == "play"   # 1 coin left: the placer cannot force
        assert ("eff_tithe" in s.data.discard) == (where == "discard")
        assert ("eff_tithe" in s.data.seats[0].hand) == (where == "hand")


def test_too_few_coins_to_place_in_another_zone():
    """'EB-3.2-effect-cost': paying with too few coins is refused."""
    s = state(seat(hand=("eff_tithe",), coins=0), seat())
    with pytest.raises(IllegalAction) as err:
        do(s, "place", 0, card="eff_tithe", seat=1, target="")
    assert err.value.clause == "EB-3.2-effect-cost"


def test_active_skill_pays_its_cost_once_a_play_phase():
    """'EB-3.1-active' (弓手: pay 1 coin, 1 damage, once), 'EB-3.2-pay'."""
    s = state(seat(summons=("n_archer",), coins=2), seat(summons=(DUMMY,)))
    s = do(s, "skill", 0, char="n_archer", seat=1, target=DUMMY)
    assert last(s, "skill").clause == "EB-3.1-active" and last(s, "pay").clause == "EB-3.2-pay"
    assert s.data.seats[0].coins == 1 and hp(s, 1, DUMMY) == 9
    with pytest.raises(IllegalAction) as err:
        do(s, "skill", 0, char="n_archer", seat=1, target=DUMMY)
    assert err.value.clause in ("EB-3.1-active", "EB-1.2.4-skill-limit")


def test_skills_of_at_most_summon_limit_characters():
    """'EB-1.2.4-skill-limit': with a summon limit of 1, one character's active skills a turn."""
    s = state(seat("sp_mingyue", self_up=True, summons=("n_merchant",)), seat())
    s = do(s, "skill", 0, char="sp_mingyue", seat=-1, target="")
    s = do(s, "skill", 0, char="sp_mingyue", seat=-1, target="")   # unlimited: the same character again
    assert s.data.seats[0].coins == 9 and hp(s, 0, "sp_mingyue") == 13
    with pytest.raises(IllegalAction) as err:
        do(s, "skill", 0, char="n_merchant", seat=-1, target="")
    assert err.value.clause == "EB-1.2.4-skill-limit"


def test_life_cost_is_life_loss_and_face_down_skills_are_off():
    """'EB-3.2-life-loss' (商人 loses 1 life) and 'EB-3.1-face-down' (no skill of a face-down character)."""
    s = state(seat("sp_mingyue", summons=("n_merchant",)), seat())
    s = do(s, "skill", 0, char="n_merchant", seat=-1, target="")
    assert last(s, "life loss").clause == "EB-3.2-life-loss" and hp(s, 0, "n_merchant") == 7
    with pytest.raises(IllegalAction) as err:
        do(state(seat("sp_mingyue"), seat()), "skill", 0, char="sp_mingyue", seat=-1, target="")
    assert err.value.clause == "EB-3.1-face-down"


def test_draw_phase_and_other_players_play_phase_skills():
    """'EB-3.1-active': 农夫 in the draw phase; 歌者 in another player's play phase, once."""
    s = end_turn(state(seat(summons=(("n_bard", 5),), coins=3), seat(summons=("n_farmer",)), turn=0))
    s = draw(draw(s, "atk_slash"), "atk_slash")
    assert any(a.kind == "skill" for a in s.legal_actions())
    s = do(s, "skill", 1, char="n_farmer", seat=-1, target="")
    assert s.data.seats[1].coins == 5 + 2 + 1
    s = do(do(s, "done", 1), "pass", 1) if head(do(s, "done", 1)) == "declare" else do(s, "done", 1)
    assert head(s) == "others_skill" and s.current_player == 0
    s = do(s, "skill", 0, char="n_bard", seat=-1, target="")
    assert hp(s, 0, "n_bard") == 6 and head(s) == "play" and s.data.now.skill_chars == ("n_farmer",)


def test_passive_when_attacked_with_a_judgment():
    """'EB-3.1-passive' and 'EB-3.1-judge': 铁壁, when attacked, judges 1d; odd → lose 1 life."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat("sp_tiebi", self_up=True))
    s = do(s, "attack", 0, by=ATTACKER, cards=("atk_slash",), seat=1, target="sp_tiebi")
    s = roll(do(roll(s, 1), "dodge", 1), 6)
    assert last(s, "passive").clause == "EB-3.1-passive" and head(s) == "judge"
    assert dict((a["result"], p) for a, p in s.chance_outcomes()) == {r: Fraction(1, 6) for r in range(1, 7)}
    s = judge(s, 5)
    assert last(s, "life loss").clause == "EB-3.2-life-loss" and hp(s, 1, "sp_tiebi") == 19


def test_two_dice_judgment_is_the_sum():
    """'EB-3.1-judge' (EB-A08): 幸运星's 2d judgment: sums 2–12 with k/36; 'a result of 1' never happens."""
    s = state(seat("sp_xingyun", self_up=True), seat())
    s = do(s, "skill", 0, char="sp_xingyun", seat=-1, target="")
    odds = dict((a["result"], p) for a, p in s.chance_outcomes())
    assert odds[7] == Fraction(6, 36) and odds[2] == Fraction(1, 36) and 1 not in odds and sum(odds.values()) == 1
    assert not judge(s, 2).is_terminal


def test_losing_a_card_outside_ones_turn_fires_a_passive():
    """'EB-3.2-influence': blocking with a card outside one's turn is an influence that triggers 辉光."""
    s = state(seat(summons=(ATTACKER,), hand=("atk_slash",)), seat("sp_huiguang", self_up=True, hand=("def_guard",)))
    s = do(roll(do(s, "attack", 0, by=ATTACKER, cards=("atk_slash",), seat=1, target="sp_huiguang"), 3),
           "block", 1, card="def_guard")
    assert last(s, "trigger").clause == "EB-3.2-influence" and s.data.seats[1].coins == 6


def test_damage_to_every_player_goes_in_turn_order():
    """'EB-3.2-conflict-turn-order' (EB-A10: each player's front character), from the player to move."""
    s = state(seat(summons=(ATTACKER,)), seat(summons=(DUMMY,)), seat("sp_tiebi", self_up=True),
              seat(summons=("n_pyromancer",)), turn=3, tasks=(Task("play", 3), Task("end", 3), Task("next", 3)))
    s = do(s, "skill", 3, char="n_pyromancer", seat=-1, target="")
    assert last(s, "order").clause == "EB-3.2-conflict-turn-order" and last(s, "order").number("seats") == (3, 0, 1, 2)
    assert [e.targets for e in events(s, "effect damage")] == [(0, ATTACKER), (1, DUMMY), (2, "sp_tiebi")]
    assert [e.targets for e in events(s, "life loss")] == [(3, "n_pyromancer")]     # its own: EB-3.2-life-loss
    hits = [e for e in s.events if e.kind in ("effect damage", "life loss")]
    assert [e.targets[0] for e in hits] == [3, 0, 1, 2]


def test_passive_lifesteal_and_turn_start_heal():
    """'EB-3.2-lifesteal' (吸血鬼) and 'EB-3.1-passive' (僧侣 heals 1 at turn start)."""
    s = state(seat(summons=(("n_vampire", 4),), hand=("atk_thunder",)), seat(summons=(DUMMY,)))
    s = do(s, "attack", 0, by="n_vampire", cards=("atk_thunder",), seat=1, target=DUMMY)
    s = roll(do(roll(s, 6), "block", 1, card=""), 1)
    assert last(s, "heal").clause == "EB-3.2-lifesteal" and hp(s, 0, "n_vampire") == 4 + 8 // 2
    assert Turn() == Turn()


def test_the_seeds_own_joke_skill_costs_the_game():
    """'EB-3.2-life-loss': 狂徒 loses 114514 life (then gains 20 coins, cut at the cap): its player loses."""
    s = state(seat(summons=(ATTACKER,)), seat("sp_kuangtu", self_up=True, coins=3), seat(summons=(DUMMY,)), turn=1,
              tasks=(Task("play", 1), Task("end", 1), Task("next", 1)))
    s = pass_rescues(do(s, "skill", 1, char="sp_kuangtu", seat=-1, target=""))
    assert last(s, "life loss").number("damage") == 114514 and last(s, "loss").targets == (1,)
    assert events(s, "coins")[-1].number("gained") == 17 and last(s, "coins to bank").number("coins") == 20
    assert not s.data.seats[1].alive and s.data.turn == 2


def test_active_skill_effects_resolve_before_the_passives_they_trigger():
    """'EB-3.2-conflict-active-first': 火法师's damage to every player resolves in full before 哨兵's
    'when you take damage' passive."""
    s = state(seat(summons=("n_pyromancer",), coins=2), seat(summons=("n_sentinel",), coins=0))
    s = do(s, "skill", 0, char="n_pyromancer", seat=-1, target="")
    kinds = [e.kind for e in s.events]
    assert kinds.index("passive") > max(i for i, k in enumerate(kinds) if k == "effect damage")
    order = last(s, "order")
    assert order.clause == "EB-3.2-conflict-active-first" and order.number("order") == ("n_pyromancer", "n_sentinel")
    assert s.data.seats[1].coins == 1 and hp(s, 1, "n_sentinel") == 10


def test_a_bomb_on_ones_own_summon_is_life_loss_not_damage_taken():
    """'EB-3.2-life-loss' (卡牌或角色技能对自己造成的伤害称为生命流失): 炸弹 on the user's own 哨兵 covers 2 HP
    points as life loss, which is not 受到伤害, so its 'when you take damage' coin does not come. On an
    enemy's 哨兵 the same card is effect damage ('EB-3.2-damage-kinds') and the coin comes."""
    s = state(seat(summons=("n_sentinel",), hand=("eff_bomb", "eff_bomb"), coins=0), seat(summons=("n_sentinel",),
                                                                                          coins=0))
    own = do(s, "effect", 0, card="eff_bomb", seat=0, target="n_sentinel")
    assert last(own, "life loss").clause == "EB-3.2-life-loss" and last(own, "life loss").actor == 0
    assert hp(own, 0, "n_sentinel") == 9 and not events(own, "effect damage") and not events(own, "passive")
    assert own.data.seats[0].coins == 0
    enemy = do(own, "effect", 0, card="eff_bomb", seat=1, target="n_sentinel")
    assert last(enemy, "effect damage").clause == "EB-3.2-damage-taken" and hp(enemy, 1, "n_sentinel") == 9
    assert last(enemy, "passive").clause == "EB-3.1-passive" and enemy.data.seats[1].coins == 1


def test_damage_to_every_player_is_life_loss_for_the_users_own_character():
    """'EB-3.2-life-loss' / 'EB-3.2-damage-kinds': 炎龙's 'deal 1 damage to every player' hits the user's own
    哨兵 (its front character, EB-A10) as life loss (no coin) and the enemy's 哨兵 as effect damage (a coin)."""
    s = state(seat("sp_yanlong", self_up=True, summons=("n_sentinel",), coins=2),
              seat(summons=("n_sentinel",), coins=0))
    s = do(s, "skill", 0, char="sp_yanlong", seat=-1, target="")
    assert [(e.kind, e.targets) for e in s.events if e.kind in ("effect damage", "life loss")] == [
        ("life loss", (0, "n_sentinel")), ("effect damage", (1, "n_sentinel"))]
    assert [e.actor for e in events(s, "passive")] == [1]
    assert s.data.seats[0].coins == 0 and s.data.seats[1].coins == 1
    assert hp(s, 0, "n_sentinel") == hp(s, 1, "n_sentinel") == 10
