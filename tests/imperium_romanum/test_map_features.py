"""Imperium Romanum map shape (issue 16): hexside features, islands, island boxes, connectivity
and province contiguity, and the validator's refusals of each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.imperium_romanum.data_model import IRData
from rules.imperium_romanum.grid import distance, global_colrow
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data, province_components
from rules.imperium_romanum.validate_map import land_links, pieces


@pytest.fixture(scope="module")
def data() -> IRData:
    return load_data()


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(folder: Path, file: str, old: str, new: str) -> Path:
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def _refused(folder: Path) -> list[str]:
    with pytest.raises(IRDataError) as err:
        load_data(folder)
    return err.value.problems


# --- connectivity and contiguity (3.1, 5.6) ---------------------------------------------------


def test_every_land_hex_is_on_the_mainland_or_a_named_island(data: IRData) -> None:
    links = land_links(data.hexes, data.straits, data.features)
    land = pieces(links, links)
    assert "A3620" in land[0] and data.cities["londinium"].hex in land[0]  # Britain by the Dover strait
    assert data.cities["syracusae"].hex in land[0]  # Sicily by the Messina strait
    named = {i.hex: i.id for i in data.features.islands}
    assert sorted(next(named[h] for h in piece if h in named) for piece in land[1:]) == sorted(named.values())
    assert {i.id for i in data.features.islands if i.kind == "island"} == {
        "sardinia", "creta", "cyprus", "balearis_maior", "corsica", "melita",
    }  # fmt: skip


def test_every_province_is_one_piece(data: IRData) -> None:
    """Straits join a province's shores: Constantinople to Bithynia, Panticapaeum to Phanagoria.
    Rhodus is its island box alone: no hex of the grid (IR-MAP-9)."""
    assert {p: province_components(data, p) for p in data.provinces if province_components(data, p) != 1} == {"rhodus": 0}
    assert [b.id for b in data.features.island_boxes if b.province == "rhodus"] == ["B5821A"]
    assert (data.hexes["B4718"].province, data.hexes["B5720"].province) == ("macedonia", "asia")  # IR-MAP-9
    for city in ("constantinople", "nicomedia", "sinope"):
        assert data.cities[city].province == "bithynia"
    assert data.cities["panticapaeum"].province == data.cities["phanagoria"].province == "chersonesus"


def test_cities_stand_in_their_provinces(data: IRData) -> None:
    # a city in an island box stands in the box's province (3.1.1, ruling IR-MAP-8)
    province_of = {**{h: cell.province for h, cell in data.hexes.items()}, **{b.id: b.province for b in data.features.island_boxes}}
    assert [c.id for c in data.cities.values() if province_of[c.hex] != c.province] == []
    assert sorted(c.id for c in data.cities.values() if c.hex in province_of and len(c.hex) == 6) == ["corcyra", "rhodus"]
    assert data.hexes[data.cities["messana"].hex].province == "sicilia"
    assert data.hexes[data.cities["dyrrhachium"].hex].province == "macedonia"


def test_vindobunum_is_read_as_viminacium_on_its_printed_hex(data: IRData) -> None:
    """Ruling IR-MAP-3: the chart's B4514 in Moesia Superior is Viminacium's hex."""
    city = data.cities["vindobunum"]
    assert (city.hex, city.province, data.hexes[city.hex].province) == ("B4514", "moesia_superior", "moesia_superior")
    assert distance(global_colrow(city.hex), global_colrow(data.cities["singidunum"].hex)) <= 2


# --- hexside features (12.1, 12.2, 14.2.1) ----------------------------------------------------


def test_alpine_passes_cross_the_crest_and_mountain_hexsides_lie_between_mountains(data: IRData) -> None:
    f = data.features
    assert len(f.mountain) >= 50
    assert all(data.hexes[h].terrain == "mountain" for side in f.mountain for h in side)
    names = {p.name.split(" (")[0] for p in f.passes}
    assert {"Alpis Cottia", "Alpis Poenina", "Brenner", "Summus Pyrenaeus", "Portae Ciliciae"} <= names
    for p in f.passes:
        assert frozenset((p.a, p.b)) not in f.mountain
        assert distance(global_colrow(p.a), global_colrow(p.b)) == 1


def test_all_sea_hexsides_split_shores_across_water(data: IRData) -> None:
    """The Hellespont and the Kerch strait are all-sea hexsides; the Perekop isthmus is not."""
    f = data.features
    assert frozenset(("B5318", "B5418")) in f.all_sea
    kerch = next(s for s in data.straits if s.id == "bosporus_cimmerius")
    assert frozenset((kerch.a, kerch.b)) in f.all_sea
    assert frozenset(("B5407", "B5507")) not in f.all_sea
    assert f.lake and not (f.lake & f.all_sea)


def test_island_boxes_hold_the_islets_of_27_1(data: IRData) -> None:
    """27.1 names B4823 (H) and B5117 (M); Corcyra and Rhodus stand on islets of 13.1 and 27.2."""
    boxes = {b.id: b for b in data.features.island_boxes}
    assert {"B4823H", "B5117M"} <= set(boxes)
    pirate_sea_hexes = {"A2725", "A3220", "A3223", "B4823", "B5117", "B5131", "B5224", "B5723", "B6419"}
    assert pirate_sea_hexes <= {b.hex for b in boxes.values()}
    assert all(data.hexes[h].kind == "coastal" for h in pirate_sea_hexes)
    assert (boxes["B4621A"].city, boxes["B5821A"].city) == ("corcyra", "rhodus")


# --- refusals ---------------------------------------------------------------------------------


def test_a_province_in_two_pieces_is_refused_unless_declared(tmp_path: Path) -> None:
    folder = _edit(_copy(tmp_path), "map.toml", 'B4619 = { kind = "land", terrain = "forest", src = "design", province = "macedonia"',
                   'B4619 = { kind = "land", terrain = "forest", src = "design", province = "achaea"')  # fmt: skip
    problems = _refused(folder)
    assert "provinces.toml: macedonia: its hexes form 2 pieces, 1 declared (declare an exclave with pieces and a note)" in problems
    _edit(folder, "provinces.toml", 'id = "macedonia"\n', 'id = "macedonia"\npieces = 2\n')
    assert load_data(folder).hexes["B4619"].province == "achaea"


def test_a_province_with_no_hex_and_no_island_box_is_refused(tmp_path: Path) -> None:
    """IR-MAP-9: Rhodus is its island box alone; without the box it would lie nowhere."""
    folder = _edit(_copy(tmp_path), "map_features.toml", 'name = "Rhodus"\nprovince = "rhodus"', 'name = "Rhodus"\nprovince = "asia"')
    assert "provinces.toml: rhodus: no hex of the map and no island box lies in it (3.1, 3.1.1)" in _refused(folder)


def test_a_detached_land_without_an_island_entry_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "map_features.toml").read_text(encoding="utf-8")
    start = text.index('[[island]]\nid = "creta"')
    (folder / "map_features.toml").write_text(text[:start] + text[start + text[start:].index("\n\n") + 2 :], encoding="utf-8")
    problems = _refused(folder)
    assert any("is cut off from the mainland and is named by 0 island entries, not 1 (3.1)" in p for p in problems), problems


def test_a_city_outside_its_province_is_refused(tmp_path: Path) -> None:
    folder = _edit(_copy(tmp_path), "cities.toml", 'hex = "B4125"', 'hex = "B4224"')
    assert "cities.toml: messana: hex B4224 lies in italia, not in sicilia" in _refused(folder)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('all_sea = [\n', 'all_sea = [\n    ["A3620", "A3622"],\n', "map_features.toml: all_sea: ['A3620', 'A3622'] is not a hexside"),
        ('all_sea = [\n', 'all_sea = [\n    ["A3620", "A3621"],\n', "is not a hexside between two land hexes"),
        ('letter = "H"', 'letter = "h"', "island box B4823h: the letter must be one capital letter (3.1.1)"),
        ('province = "rhodus"', 'province = "atlantis"', "island box B5821A: unknown province 'atlantis'"),
        ('city = "corcyra"', 'city = "roma"', "island box B4621A: city 'roma' is not a city of achaea"),
    ],
)
def test_broken_features_are_refused(tmp_path: Path, old: str, new: str, problem: str) -> None:
    problems = _refused(_edit(_copy(tmp_path), "map_features.toml", old, new))
    assert any(problem in p for p in problems), problems


def test_a_pass_on_a_mountain_hexside_is_refused(tmp_path: Path, data: IRData) -> None:
    side = sorted(sorted(s) for s in data.features.mountain)[0]
    folder = _edit(_copy(tmp_path), "map_features.toml", "[[pass]]\n", f'[[pass]]\nname = "Fake"\na = "{side[0]}"\nb = "{side[1]}"\n\n[[pass]]\n')
    assert "map_features.toml: pass Fake: a pass cannot also be a mountain, all-sea or lake hexside" in _refused(folder)


# --- sea areas (13.1) -------------------------------------------------------------------------


def test_sea_areas_follow_the_hexes_13_1_names(data: IRData) -> None:
    """A1632 is Mediterranean, A1532 Atlantic, the sea around A3302 Atlantic, B5515 (by
    Byzantium) Eastern Mediterranean, B5514 Black Sea; Rhegium's sea B4225 is in both halves."""
    areas = data.features.sea_areas

    def of(h: str) -> set[str]:
        return {a for a, cells in areas.items() if h in cells}

    assert sorted(areas) == sorted(
        ["atlanticus", "pontus_euxinus", "sinus_arabicus", "sinus_persicus", "mare_occidentale", "mare_orientale"]
    )
    assert (of("A1632"), of("A1532"), of("A3302")) == ({"mare_occidentale"}, {"atlanticus"}, {"atlanticus"})
    assert (of("B5515"), of("B5514")) == ({"mare_orientale"}, {"pontus_euxinus"})
    assert of("B4225") == {"mare_occidentale", "mare_orientale"}
    sea = [h.id for h in data.hexes.values() if h.kind in ("coastal", "deep")]
    assert all(len(of(h)) == 1 or of(h) == {"mare_occidentale", "mare_orientale"} for h in sea)
    assert all(h.kind == "lake" for h in data.hexes.values() if 38.0 < h.lat < 46.0 and 48.5 < h.lon < 53.0 and h.kind != "land")


def test_a_sea_hex_outside_every_area_is_refused(tmp_path: Path) -> None:
    folder = _edit(_copy(tmp_path), "map_features.toml", '"A1532", ', "")
    assert "map_features.toml: sea_areas: A1532 lies in 0 sea areas, not 1 (13.1)" in _refused(folder)


def test_mountain_hexsides_are_impassable_yet_no_hex_is_walled_in(tmp_path: Path, data: IRData) -> None:
    """Ruling IR-MAP-4: 12.4 calls mountain hexsides impassable; a land unit crosses the crests at
    the passes, and C6704 in the Caucasus keeps one open hexside so that it can be reached."""
    links = land_links(data.hexes, data.straits, data.features)
    assert all(b not in links[a] for side in data.features.mountain for a, b in (sorted(side), sorted(side)[::-1]))
    assert all(p.b in links[p.a] for p in data.features.passes)
    assert "C6704" in pieces(links, links)[0]
    folder = _edit(_copy(tmp_path), "map_features.toml", "mountain = [\n", 'mountain = [\n    ["C6604", "C6704"],\n')
    assert any(
        p.startswith("map.toml: the land of C6704 (1 hexes) is cut off from the mainland") for p in _refused(folder)
    )


def test_a_map_value_of_the_wrong_shape_is_refused(tmp_path: Path) -> None:
    folder = _edit(_copy(tmp_path), "map_features.toml", "mountain = [\n", "mountain = 5\nold_mountain = [\n")
    problems = _refused(folder)
    assert problems[-1].startswith("a value has the wrong shape (TypeError"), problems


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('hex = "B4621A"', 'hex = "B4823H"', "cities.toml: corcyra: island box B4823H does not hold this city"),
        ('hex = "B4621A"', 'hex = "B4621Q"', "cities.toml: corcyra: island box B4621Q does not hold this city"),
        ('hex = "B4621A"', 'hex = "Z9999A"', "cities.toml: corcyra: hex 'Z9999A' is not on the map"),
    ],
)
def test_a_city_in_a_box_the_box_does_not_name_is_refused(tmp_path: Path, old: str, new: str, problem: str) -> None:
    """3.1.1 (ruling IR-MAP-8): a city's place is a hex of the map or the island box that holds it."""
    problems = _refused(_edit(_copy(tmp_path), "cities.toml", old, new))
    assert any(problem in p for p in problems), problems
