"""Oracle lines that were once left unread or refused, each read into the board vocabulary and
answered by the solvers: a card named by a word of its own text (201.5: the Aura named Fear),
protection from all colors and from a mana value (702.16a, h), "All creatures with flying able
to block ~ do so" (509.1c), numbered keywords (Afflict 2, 702.130a) and power and toughness a
characteristic-defining ability sets (208.2a, 604.3). Each with real cards of the real_cards and with
inline cards of a board file."""
from __future__ import annotations

from typing import Any

from mtgsolver import check_blocks, load_board
from mtgsolver.read.oracle import ability_units, parse_oracle_text
from mtgsolver.solver.damage import combat_damage


def _board(perms: list[dict[str, Any]], attackers: dict[str, str] | None = None,
           blocks: dict[str, list[str]] | None = None, library: Any = None, bob_life: int = 20):
    """Alice's ids start with ``a``, Bob's with ``b``; Alice attacks."""
    data: dict[str, Any] = {
        "version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob", "life": bob_life}],
        "battlefield": [dict(p, controller="alice" if p["id"].startswith("a") else "bob") for p in perms]}
    if attackers is not None:
        data["combat"] = {"attackers": [{"creature": c, "target": t} for c, t in attackers.items()],
                          "blockers": [{"creature": b, "blocks": a} for b, a in (blocks or {}).items()]}
    return load_board(data, library=library)


def _inline(cid: str, name: str, pt: str = "2/2", text: str = "", **extra: Any) -> dict[str, Any]:
    p, t = pt.split("/")
    return {"id": cid, "name": name, "types": ["creature"], "power": int(p), "toughness": int(t), "text": text,
            **extra}


# -- 201.5: the card's name, not a word of its text ---------------------------------------------
def test_201_5_an_aura_named_fear_grants_fear() -> None:
    """"Enchanted creature has fear." on the Aura named Fear: "fear" is the keyword, not the
    Aura's name (Oracle text writes a card's own name as printed)."""
    assert parse_oracle_text("Enchanted creature has fear.", "Fear") == ([{"grants": ["fear"]}], [])
    assert parse_oracle_text("Fear can't be blocked.", "Fear") == (["cant_be_blocked"], [])


def _fear_blocks(board) -> None:
    result = check_blocks(board)
    assert result.legal is False and result.unread == ()
    assert any(v.rule == "702.36b" for v in result.violations)


def test_201_5_fear_with_an_inline_aura() -> None:
    _fear_blocks(_board([_inline("a_bears", "Bears"),
                         {"id": "a_fear", "name": "Fear", "types": ["enchantment"], "subtypes": ["aura"],
                          "attached_to": "a_bears", "text": "Enchanted creature has fear."},
                         _inline("b_wall", "Wall", "0/3", colors=["green"])], {"a_bears": "bob"},
                        {"b_wall": ["a_bears"]}))


def test_201_5_fear_with_real_cards(real_cards) -> None:
    """Fear on Grizzly Bears: Wall of Wood (green, not an artifact) can't block them (702.36b)."""
    _fear_blocks(_board([{"id": "a_bears", "card": "Grizzly Bears"},
                         {"id": "a_fear", "card": "Fear", "attached_to": "a_bears"},
                         {"id": "b_wall", "card": "Wall of Wood"}], {"a_bears": "bob"}, {"b_wall": ["a_bears"]},
                        library=real_cards))


# -- 702.16a, h: protection from all colors, from a mana value ------------------------------------
def test_702_16h_protection_from_all_colors_is_one_per_color() -> None:
    entries, unread = parse_oracle_text("Flying, protection from all colors", "Iridescent Angel")
    assert unread == [] and entries == ["flying", *({"protection": c} for c in ("white", "blue", "black", "red",
                                                                                   "green"))]


def _angel_blocks(board) -> None:
    """A colored flyer can't block it (702.16f); a colorless one can."""
    result = check_blocks(board)
    assert result.legal is False and [v.rule for v in result.violations] == ["702.16f"]
    assert set(board.permanent("a_angel").protections) == {"white", "blue", "black", "red", "green"}


def test_702_16h_protection_from_all_colors_inline() -> None:
    _angel_blocks(_board([_inline("a_angel", "Angel", "4/4", "Flying, protection from all colors"),
                          _inline("b_hawk", "Hawk", "1/1", "Flying", colors=["white"])],
                         {"a_angel": "bob"}, {"b_hawk": ["a_angel"]}))


def test_702_16h_iridescent_angel_with_real_cards(real_cards) -> None:
    """Iridescent Angel against Suntail Hawk (white, flying); Ornithopter (colorless) may block."""
    perms = [{"id": "a_angel", "card": "Iridescent Angel"}, {"id": "b_hawk", "card": "Suntail Hawk"},
             {"id": "b_thopter", "card": "Ornithopter"}]
    _angel_blocks(_board(perms, {"a_angel": "bob"}, {"b_hawk": ["a_angel"]}, library=real_cards))
    assert check_blocks(_board(perms, {"a_angel": "bob"}, {"b_thopter": ["a_angel"]}, library=real_cards)).legal is True


def _skulk(board_of) -> None:
    """Protection from mana value 3 or greater (702.16a, 202.3): Hill Giant (mana value 4)
    can't block it and the damage of a mana value 3 source is prevented (702.16e); a mana
    value 1 creature blocks it."""
    blocked = board_of("b_giant")
    result = check_blocks(blocked)
    assert result.legal is False and [v.rule for v in result.violations] == ["702.16f"]
    assert check_blocks(board_of("b_bird")).legal is True


def test_702_16a_protection_from_a_mana_value_inline() -> None:
    def board_of(blocker: str):
        return _board([_inline("a_skulk", "Skulk", "1/1", "Lifelink, protection from mana value 3 or greater",
                               mana_cost="{1}{W}"),
                       _inline("b_giant", "Giant", "3/3", mana_cost="{3}{R}"),
                       _inline("b_bird", "Bird", "1/1", mana_cost="{W}")], {"a_skulk": "bob"}, {blocker: ["a_skulk"]})

    _skulk(board_of)
    entries, unread = parse_oracle_text("Lifelink, protection from mana value 3 or greater", "Mistmeadow Skulk")
    assert unread == [] and entries == ["lifelink", {"protection": "mana value 3 or greater"}]


def test_702_16a_mistmeadow_skulk_with_real_cards(real_cards) -> None:
    """Mistmeadow Skulk attacks: Hill Giant can't block it, Suntail Hawk can; blocking
    Spellweaver Eternal (mana value 2) and Eternal of Harsh Truths (3) it takes no damage from
    the second."""
    def board_of(blocker: str):
        return _board([{"id": "a_skulk", "card": "Mistmeadow Skulk"}, {"id": "b_giant", "card": "Hill Giant"},
                       {"id": "b_bird", "card": "Suntail Hawk"}], {"a_skulk": "bob"}, {blocker: ["a_skulk"]},
                      library=real_cards)

    _skulk(board_of)
    board = load_board({"version": 1, "active_player": "alice", "players": [{"name": "alice"}, {"name": "bob"}],
                        "battlefield": [{"id": "eternal", "card": "Eternal of Harsh Truths", "controller": "alice"},
                                        {"id": "skulk", "card": "Mistmeadow Skulk", "controller": "bob"}],
                        "combat": {"attackers": [{"creature": "eternal", "target": "bob"}],
                                   "blockers": [{"creature": "skulk", "blocks": ["eternal"]}]}}, library=real_cards)
    result = combat_damage(board)
    assert [(a["source"], a["dealt"]) for a in result.assignment if a["source"] == "eternal"] == [("eternal", 0)]
    assert not {d["creature"] for d in result.destroyed}


# -- 509.1c: a lure for some creatures ---------------------------------------------------------
def _piper(board) -> None:
    """The flyer must block the Piper (509.1c); the Bears, without flying, needn't."""
    result = check_blocks(board)
    assert result.legal is False and result.maximum == 1
    assert ("b_flyer", ("a_piper",)) in result.witness
    assert any("all creatures with flying able to block it do so" in v.message for v in result.violations)


def test_509_1c_all_creatures_with_flying_able_to_block_it_inline() -> None:
    text = "All creatures with flying able to block Piper do so."
    assert parse_oracle_text(text, "Piper") == ([{"lure_by": {"keyword": "flying"}}], [])
    assert parse_oracle_text("All Walls able to block Marble Priest do so.", "Marble Priest") == \
        ([{"lure_by": {"subtype": "wall"}}], [])
    _piper(_board([_inline("a_piper", "Piper", "3/3", text), _inline("b_flyer", "Hawk", "1/1", "Flying"),
                   _inline("b_bears", "Bears")], {"a_piper": "bob"}, {"b_bears": ["a_piper"]}))
    vocabulary = _board([_inline("a_piper", "Piper", "3/3", abilities=[{"lure_by": {"keyword": "flying"}}]),
                         _inline("b_flyer", "Hawk", "1/1", "Flying"), _inline("b_bears", "Bears")],
                        {"a_piper": "bob"}, {"b_bears": ["a_piper"]})
    _piper(vocabulary)


def test_509_1c_talruum_piper_and_marble_priest_with_real_cards(real_cards) -> None:
    """Talruum Piper against Suntail Hawk and Grizzly Bears; Marble Priest against Wall of Wood
    (a Wall must block it, and does) and Grizzly Bears (needn't)."""
    _piper(_board([{"id": "a_piper", "card": "Talruum Piper"}, {"id": "b_flyer", "card": "Suntail Hawk"},
                   {"id": "b_bears", "card": "Grizzly Bears"}], {"a_piper": "bob"}, {"b_bears": ["a_piper"]},
                  library=real_cards))
    priest = _board([{"id": "a_priest", "card": "Marble Priest"}, {"id": "b_wall", "card": "Wall of Wood"},
                     {"id": "b_bears", "card": "Grizzly Bears"}], {"a_priest": "bob"}, {"b_wall": ["a_priest"]},
                    library=real_cards)
    result = check_blocks(priest)  # its unread prevention line can't change which blocks are legal
    assert result.legal is True and result.maximum == 1 and result.obeyed == 1 and not result.unread
    assert [u.line for u in result.not_relevant] == [
        "Prevent all combat damage that would be dealt to Marble Priest by Walls."]


# -- 702.130a: a numbered keyword on its own line --------------------------------------------------
def _afflict(board) -> None:
    """Blocked, the attacker's afflict 2 makes the defending player lose 2 life; nothing asks
    for the number again."""
    result = combat_damage(board)
    assert result.decided and result.notes == ()
    assert result.players[1]["life_after"] == 18


def test_702_130a_afflict_on_its_line_inline() -> None:
    assert parse_oracle_text("Afflict 2 (Whenever this creature becomes blocked, defending player loses 2 life.)",
                             "E") == ([{"afflict": 2}], [])
    assert parse_oracle_text("Flying, ward {1}{U}\nBushido 1", "E") == (["flying", {"ward": "{1}{U}"}, {"bushido": 1}],
                                                                         [])
    _afflict(_board([_inline("a_eternal", "Eternal", "2/1", "Afflict 2"),
                     _inline("b_wall", "Wall", "0/4")], {"a_eternal": "bob"}, {"b_wall": ["a_eternal"]}))


def test_702_130a_spellweaver_eternal_with_real_cards(real_cards) -> None:
    """Spellweaver Eternal (prowess, afflict 2) blocked by Wall of Wood."""
    _afflict(_board([{"id": "a_eternal", "card": "Spellweaver Eternal"}, {"id": "b_wall", "card": "Wall of Wood"}],
                    {"a_eternal": "bob"}, {"b_wall": ["a_eternal"]}, library=real_cards))


# -- 208.2a, 604.3: */* defined by the text ---------------------------------------------------------
def test_208_2a_twenty_minus_the_highest_life_total_inline() -> None:
    text = "Scourge's power and toughness are each equal to 20 minus the highest life total among players."
    board = _board([_inline("a_scourge", "Scourge", "0/0", text)], bob_life=12)
    scourge = board.permanent("a_scourge")
    assert (scourge.power, scourge.toughness) == (0, 0)  # Alice's 20 is the highest
    board = load_board({"version": 1, "active_player": "alice",
                        "players": [{"name": "alice", "life": 9}, {"name": "bob", "life": 12}],
                        "battlefield": [dict(_inline("scourge", "Scourge", "0/0", text), controller="alice")]})
    assert (board.permanent("scourge").power, board.permanent("scourge").toughness) == (8, 8)


def test_208_2a_scourge_and_gaeas_liege_with_real_cards(real_cards) -> None:
    """Scourge of the Skyclaves is read (7/7 with 13 the highest life); Gaea's Liege's
    definition ("as long as it's attacking ... Forests defending player controls") is not: the
    board loads, and a block its power or toughness bears on is undecided with the line reported."""
    board = load_board({"version": 1, "active_player": "alice",
                        "players": [{"name": "alice", "life": 13}, {"name": "bob", "life": 6}],
                        "battlefield": [{"id": "scourge", "card": "Scourge of the Skyclaves", "controller": "alice"}]},
                       library=real_cards)
    assert (board.permanent("scourge").power, board.permanent("scourge").toughness) == (7, 7)
    liege = _board([{"id": "a_liege", "card": "Gaea's Liege"}, {"id": "b_bears", "card": "Grizzly Bears"}],
                   {"a_liege": "bob"}, {"b_bears": ["a_liege"]}, library=real_cards)
    result = check_blocks(liege)
    assert result.legal is None
    assert [u.permanent for u in result.unread] == ["a_liege"]
    assert combat_damage(liege).decided is None


def test_207_2a_a_whole_line_of_reminder_text_holding_parentheses_reads_as_nothing() -> None:
    """207.2a: a line that is all reminder text adds nothing, even with parentheses inside it (stripping
    each parenthesized run would leave the text after the inner one)."""
    assert parse_oracle_text("Flying\n(This reminder (with a note inside) has no rules meaning.)", "Bird") == (
        ["flying"], [])


def test_605_1a_a_mana_ability_line_is_kept_as_printed_with_its_reminder_text() -> None:
    """605.1a: Millikin's mana ability is kept as its printed line, reminder text and all, for the mana grammar."""
    line = "{T}, Mill a card: Add {C}. (To mill a card, put the top card of your library into your graveyard.)"
    assert parse_oracle_text(line, "Millikin") == ([line], [])


def test_700_2_a_modal_ability_is_one_unit_and_unread_stays_unread_line_by_line() -> None:
    """700.2: a modal ability's header and its "•" modes are one ability; unread, each line stays unread."""
    text = "Flying\nChoose one —\n• Frobnicate target creature.\n• Defrobnicate target land."
    assert ability_units(text) == ["Flying", "Choose one —\n• Frobnicate target creature.\n• Defrobnicate target land."]
    assert parse_oracle_text(text, "Bird") == (
        ["flying"], ["Choose one —", "• Frobnicate target creature.", "• Defrobnicate target land."])
