"""``lessons.check`` and the key: verdicts, what-is-wrong messages, the key's printout."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

from lessons import check
from lessons.exercises import KEYS, Exercise, all_exercises, load_key
from lessons.key import as_markdown, as_text, main, series_names


def ex(kind="probability", answer=Fraction(5, 36), **kw):
    fields = dict(id="t-ex1", series="t", lesson="t.ipynb", question="q?", kind=kind,
                  answer=answer, hint="think", explain="because", options=(), mistakes={})
    fields.update(kw)
    return Exercise(**fields)


def test_unanswered_right_and_wrong_verdicts():
    e = ex()
    assert e.judge(...)[0] == "not answered yet"
    assert e.judge(Fraction(5, 36)) == ("right", "because")
    assert e.judge("5/36")[0] == "right"
    assert e.judge(5 / 36)[0] == "right"          # typed as Python division
    assert e.judge(Fraction(1, 6)) == ("wrong", "your answer is too big.")
    assert e.judge(Fraction(1, 36)) == ("wrong", "your answer is too small.")


def test_what_is_wrong_is_said():
    e = ex(mistakes={"1/6": "that is P(7)"})
    assert e.judge(Fraction(1, 6)) == ("wrong", "that is P(7)")
    assert "between 0 and 1" in e.judge(Fraction(7, 6))[1]
    assert "not exact" in e.judge(0.139)[1]
    assert "expected a number" in e.judge([1, 2])[1]
    assert "not a number" in e.judge("five")[1]


def test_other_kinds():
    d = ex(kind="dice", answer=(6, 5))
    assert d.judge((5, 6))[0] == "right"            # order does not matter
    assert "1 to 6" in d.judge((7,))[1]
    assert d.judge((6,))[0] == "wrong"
    y = ex(kind="yes-no", answer=True)
    assert y.judge(True)[0] == "right" and y.judge(False)[0] == "wrong"
    assert "True" in y.judge("yes")[1]
    c = ex(kind="choice", answer="B", options=("A", "B"))
    assert c.judge(" b ")[0] == "right"
    assert "one of" in c.judge("C")[1]
    n = ex(kind="number", answer=Fraction(100))
    assert n.judge(100)[0] == "right" and n.judge(100.0)[0] == "right"
    assert n.judge(Fraction(3, 2))[0] == "wrong"


def test_check_prints_the_verdict_and_hint(capsys):
    ex_id = next(iter(load_key("probability")))
    check(ex_id, ...)
    assert "not answered yet" in capsys.readouterr().out
    check(ex_id, Fraction(0))
    out = capsys.readouterr().out
    assert f"Exercise {ex_id}: wrong." in out and "Hint:" in out
    with pytest.raises(ValueError, match="no exercise"):
        check("nope-ex9", 1)


def test_every_key_file_loads_and_every_answer_is_right_by_its_own_judge():
    assert series_names() == sorted(p.stem for p in KEYS.glob("*.toml"))
    for ex_id, e in all_exercises().items():
        assert e.judge(e.answer)[0] == "right", ex_id
        assert e.judge(e.a_wrong_answer())[0] == "wrong", ex_id
        with open(KEYS / f"{e.series}.toml", "rb") as f:
            assert any(x["id"] == ex_id for x in tomllib.load(f)["exercise"])


def test_a_bad_key_is_refused_with_a_clear_error(tmp_path, monkeypatch):
    import lessons.exercises as m
    (tmp_path / "bad.toml").write_text('[[exercise]]\nid = "b-ex1"\nlesson = "x"\n'
                                       'question = "q"\nkind = "probability"\n'
                                       'answer = "3/2"\nhint = "h"\n')
    monkeypatch.setattr(m, "KEYS", tmp_path)
    m.load_key.cache_clear()
    try:
        with pytest.raises(ValueError, match="bad.toml, exercise 'b-ex1'.*between 0 and 1"):
            m.load_key("bad")
        with pytest.raises(ValueError, match="no key for series 'none'"):
            m.load_key("none")
    finally:
        m.load_key.cache_clear()


def test_teacher_can_print_and_export_the_key(capsys):
    for series in series_names():
        text, md = as_text(series), as_markdown(series)
        for e in load_key(series).values():
            assert e.id in text and e.text() in text
            assert f"`{e.literal()}`" in md
    assert main(["--print", "probability"]) == 0
    assert "Teacher's key: probability" in capsys.readouterr().out
    assert main(["--markdown", "nope"]) == 2


def test_names_kind_ignores_order_and_case():
    e = ex(kind="names", answer=("b2", "d2"))
    assert e.judge(["D2", "b2"])[0] == "right"
    assert e.judge(["b2"]) == ("wrong", "there are more.")
    assert e.judge(["b2", "d2", "c3"]) == ("wrong", "some of these are not allowed.")
    assert "list of strings" in e.judge(3)[1]
    assert e.literal() == "['b2', 'd2']"


def test_choice_without_options_is_free_text():
    e = ex(kind="choice", answer="move r27 block 2")
    assert e.judge("  Move r27  block 2 ")[0] == "right"
    assert e.judge("move r27")[0] == "wrong"
    assert "quotes" in e.judge(27)[1]
