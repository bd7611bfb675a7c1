"""``EffectEditor``: the card editor's structured effect editor (pick when / if / who / do / for
how long from lists generated from the effect language's vocabulary), with the card's
effects as YAML and the validator's message inline.

A pick becomes effects through :func:`munchkin_lab.cards.effect_rows.build`: a short form the
engine runs when one means exactly the same (``bad_stuff: [{lose_levels: 2}]``), else an
ability of the full language (``abilities:``, which the engine runs too). The YAML box is the card's effects; it may also be edited by hand (checked as you
type: the language's validator names the key).
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..cards import effect_rows as R
from .faces import esc


def _dump(effects: dict) -> str:
    if not effects:
        return ""
    import yaml

    return yaml.safe_dump(effects, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


class EffectEditor(W.VBox):
    """The effect part of the card form.

    Args:
        kind: the card's kind (its usual triggers are listed first; the validator checks
            against it).
        on_change: called after the effects changed (a pick added, the YAML edited).
        names: called for the names the effects may refer to (Races, Classes, tags, card
            names: :func:`munchkin_lab.cards.designer.known_names`, the database's); default:
            the shipped sets' names.

    Attributes:
        effects: the current effects (a mapping; ``{}`` when the YAML box is empty; the last
            valid one while the box holds bad YAML, see :attr:`problems`).
        problems: the validator's messages for the YAML box (``[]`` when valid).

    CSS classes: ``mlab-effect-editor``, ``mlab-effect-when``, ``mlab-effect-subject``,
    ``mlab-effect-atom``, ``mlab-effect-arg``, ``mlab-effect-not``, ``mlab-effect-who``,
    ``mlab-effect-op``, ``mlab-effect-value``, ``mlab-effect-for``, ``mlab-effect-hint``,
    ``mlab-effect-preview``, ``mlab-effect-add``, ``mlab-effect-clear``, ``mlab-form-effects``
    (the YAML box), ``mlab-effect-list`` (the abilities in words), ``mlab-effect-message``.
    """

    def __init__(self, kind: str = "monster", on_change: Callable[[], None] | None = None,
                 names: Callable[[], Any] | None = None):
        super().__init__()
        self.add_class("mlab-effect-editor")
        self.kind = kind
        self.version: str | None = None  # the card's version and name (a V1 ship room runs no room_action)
        self.card_name = ""
        self.on_change = on_change
        self.names = names
        self.effects: dict = {}
        self.problems: list[str] = []
        self._quiet = False

        def dd(cls: str, options, desc: str, width: str = "300px") -> W.Dropdown:
            w = W.Dropdown(options=options, description=desc, layout=W.Layout(width=width))
            w.add_class(cls)
            w.observe(lambda _c: self._preview(), names="value")
            return w

        self.when = dd("mlab-effect-when", R.trigger_choices(kind), "when")
        self.subject = dd("mlab-effect-subject", R.subject_choices(), "if tested on", "300px")
        self.atom = dd("mlab-effect-atom", R.atom_choices(), "if", "260px")
        self.arg = W.Text(placeholder="elf / <=5 / undead", layout=W.Layout(width="130px"))
        self.arg.add_class("mlab-effect-arg")
        self.arg.observe(lambda _c: self._preview(), names="value")
        self.negate = W.Checkbox(description="not", layout=W.Layout(width="80px"), indent=False)
        self.negate.add_class("mlab-effect-not")
        self.negate.observe(lambda _c: self._preview(), names="value")
        self.who = dd("mlab-effect-who", R.target_choices(), "who")
        self.op = dd("mlab-effect-op", R.op_choices(), "do")
        self.value = W.Text(description="value", placeholder="e.g. -2", layout=W.Layout(width="200px"))
        self.value.add_class("mlab-effect-value")
        self.value.observe(lambda _c: self._preview(), names="value")
        self.duration = dd("mlab-effect-for", R.duration_choices(), "for", "300px")
        self.hint = W.HTML(); self.hint.add_class("mlab-effect-hint")
        self.preview = W.HTML(); self.preview.add_class("mlab-effect-preview")
        self.add_btn = W.Button(description="Add this effect", button_style="info")
        self.add_btn.add_class("mlab-effect-add")
        self.add_btn.on_click(lambda _b: self.add())
        self.clear_btn = W.Button(description="Clear effects")
        self.clear_btn.add_class("mlab-effect-clear")
        self.clear_btn.on_click(lambda _b: self.set_effects({}))
        self.yaml = W.Textarea(placeholder="effects as YAML (empty: none), e.g.\nbad_stuff:\n- lose_levels: 2",
                               layout=W.Layout(width="98%", height="110px"), continuous_update=True)
        self.yaml.add_class("mlab-form-effects")
        self.yaml.observe(lambda _c: self._from_yaml(), names="value")
        self.list = W.HTML(); self.list.add_class("mlab-effect-list")
        self.message = W.HTML(); self.message.add_class("mlab-effect-message")
        self.children = [
            W.HTML("<b>Effects</b>: pick <i>when</i>, <i>if</i>, <i>who</i>, <i>do</i> and <i>for how long</i>; "
                   "the effect language's words (database/EFFECTS.md)"),
            W.HBox([self.when, self.who]), W.HBox([self.subject, self.atom, self.arg, self.negate]),
            W.HBox([self.op, self.value, self.duration]), self.hint, self.preview,
            W.HBox([self.add_btn, self.clear_btn]), self.yaml, self.list, self.message]
        self._preview()

    # ------------------------------------------------------------------ picks
    def set_version(self, version: str | None, name: str) -> None:
        """Follow the card's version and name (a Solar Storm room marked V1 runs no
        ``room_action``: the note says so; the effects are checked again)."""
        self.version, self.card_name = version, name
        self._check()

    def set_kind(self, kind: str) -> None:
        """Follow the card's kind (its usual triggers first; the effects are checked again)."""
        self.kind = kind
        keep = self.when.value
        self.when.options = R.trigger_choices(kind)
        if keep in [v for _, v in self.when.options]:
            self.when.value = keep
        self._check()
        self._preview()

    def pick(self, when: str, op: str, value: Any = "", who: str = "", atom: str = "", arg: str = "",
             subject: str = "", duration: str = "", negate: bool = False) -> None:
        """Set the pickers (as a person would): ``pick("caught", "levels", "-2")``."""
        self.when.value, self.op.value, self.value.value = when, op, str(value)
        self.who.value, self.atom.value, self.arg.value = who, atom, arg
        self.subject.value, self.duration.value, self.negate.value = subject, duration, negate

    def row(self) -> R.EffectRow:
        """The pickers as an :class:`~munchkin_lab.cards.effect_rows.EffectRow`.

        Raises:
            ValueError: a value or condition that does not fit (the message says what fits).
        """
        cond = R.atom_text(self.atom.value, self.arg.value, self.negate.value) if self.atom.value else ""
        return R.EffectRow(when=self.when.value, op=self.op.value, value=R.parse_value(self.op.value, self.value.value),
                           who=self.who.value or "", cond=cond, subject=self.subject.value or "",
                           duration=self.duration.value or "")

    def built(self) -> R.Built:
        """What the current pick becomes (:func:`~munchkin_lab.cards.effect_rows.build`).

        Raises:
            ValueError: as :meth:`row`.
        """
        return R.build(self.row(), self.kind, self._names())

    def _preview(self) -> None:
        if not hasattr(self, "preview"):
            return
        self.hint.value = f'<div class="mlab-msg-warning">{esc(R.value_hint(self.op.value))}</div>'
        try:
            b = self.built()
        except ValueError as exc:
            self.preview.value = f'<div class="mlab-msg-error">{esc(exc)}</div>'
            return
        if b.problems:
            self.preview.value = ('<div class="mlab-msg-error">' + esc("; ".join(b.problems)) + "</div>")
            return
        how = ("runs in play (a short form the engine runs)" if b.short else
               "runs in play (an ability in the effect language, abilities:)")
        self.preview.value = (f'<div class="mlab-msg-ok">{esc(how)}</div>'
                              f'<pre style="margin:2px 0">{esc(_dump(b.effects))}</pre>')

    def add(self) -> bool:
        """Add the current pick to the effects. Returns True when added (else the reason is
        shown in the message)."""
        try:
            b = self.built()
        except ValueError as exc:
            self.message.value = f'<div class="mlab-msg-error">cannot add: {esc(exc)}</div>'
            return False
        if b.problems:
            self.message.value = f'<div class="mlab-msg-error">cannot add: {esc("; ".join(b.problems))}</div>'
            return False
        self.set_effects(R.merge(self.effects, b.effects, self.kind))
        return True

    # ------------------------------------------------------------------ the effects
    def set_effects(self, effects: dict | None) -> None:
        """Show ``effects`` (the YAML box, the list in words, the check)."""
        self.effects = dict(effects or {})
        self._quiet = True
        try:
            self.yaml.value = _dump(self.effects)
        finally:
            self._quiet = False
        self._check()
        if self.on_change:
            self.on_change()

    def _from_yaml(self) -> None:
        if self._quiet:
            return
        from ..cards.designer import DesignerCardError, parse_card_text

        text = self.yaml.value
        if not text.strip():
            self.effects = {}
        else:
            try:
                data = parse_card_text(text, "effects")
            except DesignerCardError as exc:
                self.problems = [str(exc)]
                self.message.value = f'<div class="mlab-msg-error">{esc(exc)}</div>'
                return
            self.effects = data
        self._check()
        if self.on_change:
            self.on_change()

    def _names(self) -> Any:
        """The names the effects may refer to (``names``; the shipped sets' without it or
        without a database): the one source of the pickers' check and the YAML box's."""
        from ..cards.effect_schema import SHIPPED

        if self.names is not None:
            try:
                return self.names()
            except Exception:  # noqa: BLE001 - no database: the shipped sets' names
                pass
        return SHIPPED

    def _check(self) -> None:
        from ..cards.designer import engine_notes
        from ..cards.effect_schema import effect_errors
        from ..cards.files import field_path

        names = self._names()
        probs = [f"{field_path(('effects',) + tuple(path))}: {msg}"
                 for path, msg in effect_errors(self.effects, self.kind, names=names)]
        self.problems = probs
        lines = [esc(R.describe(a)) for a in R.abilities_of(self.effects, self.kind)] if not probs else []
        self.list.value = ("<ul style='margin:2px 0'>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>") if lines else ""
        if probs:
            self.message.value = '<div class="mlab-msg-error">' + esc("\n".join(probs)) + "</div>"
        elif not self.effects:
            self.message.value = ""
        else:
            notes = engine_notes(self.effects, self.kind, self.version, self.card_name)
            self.message.value = (f'<div class="mlab-msg-warning">{esc(" ".join(notes))}</div>' if notes else
                                  '<div class="mlab-msg-ok">valid; the engine runs every part of it</div>')
