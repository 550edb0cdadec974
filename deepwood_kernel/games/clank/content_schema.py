"""The shape of Klong!'s ``content.toml``: one pydantic schema per table, with the bounds that
keep a game playable. :mod:`.content` validates a file against it first, then makes the
cross-field checks, and re-exports every name.
"""

from __future__ import annotations

from pydantic import Field

from ...core.content import (Choice, Flag, Int, Items, Key, Meta, Name, Pattern, Schema)
from .cards import CARD_SETS, CARD_TYPES, SECRET_SIZES, SECRET_WHEN, TAGS


# ------------------------------------------------------------------------------ the schema
# Bounds keep a game playable (issue 23): the rulebook's numbers (health 10, 30 cubes a
# colour, 24 black cubes, hand 5, row 6, 2 minor secrets a room, 3 idols, crowns of 10/9/8)
# may grow to about twice, not to millions: a minor secret room holds at most 4 tokens (the
# board draws each), a hand and the row at most 10 cards; the map is at most 120 rooms and
# 400 tunnels on a drawing of at most 4,000 x 4,000 units; at most 200 card kinds of at most
# 100 copies (the dungeon deck must hold exactly 100, the starting deck 10) and 40 secret
# kinds of at most 30; effect amounts have at most 2 digits. Cross-field checks (rooms that
# tunnels name, enough secrets for the secret rooms, a map nobody is trapped in, the deck
# sizes) follow in parse_content.
EffectText = Pattern(r"^(if [a-z_]+: )?[a-z_]+ -?[0-9]{1,2}$",
                     "an effect like 'skill 2' or 'if companion: draw 1' (amount of 1-2 "
                     "digits)", 80)


Effects = Items(EffectText, 8)


Points = Int(0, 99)


class BySeats(Schema):
    """A number for each player count ("2", "3" and "4")."""

    two: Int(0, 12) = Field(alias="2")
    three: Int(0, 12) = Field(alias="3")
    four: Int(0, 12) = Field(alias="4")


class GameSpec(Schema):
    health: Int(1, 20)
    rage_track: Items(Int(1, 24), 12, 1)
    rage_start: BySeats
    countdown_extra: Items(Int(0, 24), 3, 3)
    clank_cubes: Int(1, 60)
    black_cubes: Int(0, 60)
    hand_size: Int(1, 10)
    row_size: Int(1, 10)
    starting_clank: Items(Int(0, 60), 4, 4)
    artifacts_removed: BySeats
    minor_per_room: Int(1, 4)
    mastery_points: Points
    idol_points: Points
    idols: Int(1, 10)


class MarketSpec(Schema):
    price: Points
    keys: Int(0, 10)
    key_points: Points
    backpacks: Int(0, 10)
    backpack_points: Points
    crowns: Items(Points, 10)


class MapSpec(Schema):
    width: Int(100, 4000)
    height: Int(100, 4000)
    depths_y: Int(0, 4000)
    start: Key


class RoomSpec(Schema):
    id: Key
    name: Name
    x: Int(0, 4000)
    y: Int(0, 4000)
    depths: Flag = False
    crystal: Flag = False
    fountain: Flag = False
    market: Flag = False
    shrine: Flag = False
    artifact: Points = 0
    secret: Choice("", *SECRET_SIZES) = ""


class TunnelSpec(Schema):
    a: Key
    b: Key
    boots: Int(1, 2) = 1
    monsters: Int(0, 9) = 0
    locked: Flag = False
    one_way: Flag = False
    wrap: Flag = False


class CardSpec(Schema):
    key: Key
    name: Name
    german: Name | Choice("") = ""
    set: Choice(*CARD_SETS)
    type: Choice(*CARD_TYPES)
    count: Int(1, 100)
    cost: Points = 0
    swords: Points = 0
    points: Points = 0
    dragon: Flag = False
    danger: Flag = False
    tags: Items(Choice(*TAGS), len(TAGS)) = []
    play: Effects = []
    acquire: Effects = []
    arrive: Effects = []
    use: Effects = []
    reward: Effects = []


class SecretSpec(Schema):
    key: Key
    name: Name | Choice("") = ""
    size: Choice(*SECRET_SIZES)
    count: Int(1, 30)
    when: Choice(*SECRET_WHEN)
    effects: Effects = []
    points: Points = 0


class ContentSpec(Schema):
    """The whole ``content.toml`` of Klong!."""

    meta: Meta = {}
    game: GameSpec
    market: MarketSpec
    map: MapSpec
    room: Items(RoomSpec, 120, 3)
    tunnel: Items(TunnelSpec, 400) = []
    card: Items(CardSpec, 200, 1)
    secret: Items(SecretSpec, 40) = []
