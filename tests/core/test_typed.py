"""rules/core/typed.py: a command written the way the bot's option parser reads it back."""

from rules.core.typed import shown_value, typed_line


def test_plain_values_are_written_bare() -> None:
    assert typed_line("/rome fight", {"war": "goths", "commander": "emperor"}) == (
        "/rome fight war:goths commander:emperor"
    )


def test_lists_are_comma_separated_and_quoted() -> None:
    assert typed_line("/fight", {"provinces": ["moesia", "dacia"]}) == '/fight provinces:"moesia, dacia"'
    assert shown_value(["one"]) == "one"


def test_values_with_spaces_are_quoted_after_naming() -> None:
    names = {"avidius": "Avidius Cassius"}
    line = typed_line("/move", {"leader": "avidius", "to": "cyrrhus"}, lambda v: names.get(v, v.title()))
    assert line == '/move leader:"Avidius Cassius" to:Cyrrhus'


def test_empty_lists_are_left_out_and_options_renamed() -> None:
    assert typed_line("/stratagem", {"id": 7, "targets": []}, option_names={"id": "chit"}) == "/stratagem chit:7"
