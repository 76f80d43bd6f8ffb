"""Any registered game's actions, events and observations to JSON data and back.

A game's values are frozen dataclasses, enums, named tuples, tuples and plain
scalars; its spec names the types that cross the wire (``GameSpec.wire``, a ``WireTypes``). The
codec reads their type hints once and compiles one encoder and one decoder per
type, so no game needs code of its own in ``net/``:

- a dataclass is a JSON object of its fields; a field equal to its default is
  left out (an event's public ``audience`` costs nothing). Where a dataclass
  stands in a union with other dataclasses (the actions, the events, an
  observation's history), ``"$"`` names its class;
- an enum is its value; a named tuple, a tuple or a frozenset is a JSON array
  (a frozenset sorted, so the same value is always the same bytes);
- ``int | Symbol`` and the like are told apart by the JSON type.

Decoding is strict, because actions come from strangers: an unknown class, a
missing or unknown field, a ``true`` where an ``int`` belongs, a tuple of the
wrong length all raise ``CodecError``; nothing outside the declared types can
be built. The data walked is bounded by the types, never by the input's depth.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiogame.core.contract import WireTypes

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

#: the key naming a dataclass's class where several may stand
TAG = "$"


class CodecError(ValueError):
    """Data that is not a value of the expected type."""


class _Compiler:
    """Builds encoders and decoders from type hints, once per type."""

    def __init__(self) -> None:
        self.encoders: dict[Any, Encoder] = {}
        self.decoders: dict[Any, Decoder] = {}

    # -- encoders -----------------------------------------------------------------------
    def encoder(self, hint: Any) -> Encoder:
        found = self.encoders.get(hint)
        if found is not None:
            return found
        slot: list[Encoder] = []

        def late(value: Any) -> Any:  # a type that refers to itself
            return slot[0](value)

        self.encoders[hint] = late
        made = self._make_encoder(hint)
        slot.append(made)
        self.encoders[hint] = made
        return made

    def _make_encoder(self, hint: Any) -> Encoder:
        if hint in (int, str, bool, float, type(None), None):
            return _same
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_value
        if _is_namedtuple(hint):
            parts = [self.encoder(h) for h in _namedtuple_hints(hint)]
            return lambda v: [enc(x) for enc, x in zip(parts, v, strict=True)]
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            return self._dataclass_encoder(hint, tagged=False)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.encoder(args[0])
                if item is _same:
                    return list
                return lambda v: [item(x) for x in v]
            fixed = [self.encoder(a) for a in args]
            return lambda v: [enc(x) for enc, x in zip(fixed, v, strict=True)]
        if origin is frozenset:
            item = self.encoder(args[0])
            return lambda v: sorted(item(x) for x in v)
        if origin in (typing.Union, types.UnionType):
            return self._union_encoder(args)
        raise TypeError(f"no wire form for {hint!r}")

    def _dataclass_encoder(self, cls: type, tagged: bool) -> Encoder:
        fields = _fields(cls)
        names = [f.name for f in fields]
        encs = [self.encoder(h) for h in _field_hints(cls, fields)]
        defaults = [_default_of(f) for f in fields]
        plan = list(zip(names, encs, defaults, strict=True))
        tag = cls.__name__

        def encode(value: Any) -> dict[str, Any]:
            out: dict[str, Any] = {TAG: tag} if tagged else {}
            for name, enc, default in plan:
                item = getattr(value, name)
                if default is not _MISSING and item == default:
                    continue
                out[name] = enc(item)
            return out

        return encode

    def _union_encoder(self, args: Sequence[Any], always_tag: bool = False) -> Encoder:
        classes = [a for a in args if dataclasses.is_dataclass(a) and isinstance(a, type)]
        tagged = always_tag or len(classes) > 1
        by_class: dict[type, Encoder] = {
            cls: self._dataclass_encoder(cls, tagged=tagged) for cls in classes
        }
        others = [(a, self.encoder(a)) for a in args if a not in by_class]

        def encode(value: Any) -> Any:
            enc = by_class.get(type(value))
            if enc is not None:
                return enc(value)
            for hint, other in others:
                if _is_instance(value, hint):
                    return other(value)
            raise CodecError(f"{value!r} is none of {args!r}")

        return encode

    # -- decoders -----------------------------------------------------------------------
    def decoder(self, hint: Any) -> Decoder:
        found = self.decoders.get(hint)
        if found is not None:
            return found
        slot: list[Decoder] = []

        def late(data: Any) -> Any:
            return slot[0](data)

        self.decoders[hint] = late
        made = self._make_decoder(hint)
        slot.append(made)
        self.decoders[hint] = made
        return made

    def _make_decoder(self, hint: Any) -> Decoder:
        if hint in (type(None), None):
            return _expect_none
        if hint is bool:
            return _expect_bool
        if hint is int:
            return _expect_int
        if hint is float:
            return _expect_float
        if hint is str:
            return _expect_str
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_decoder(hint)
        if _is_namedtuple(hint):
            parts = [self.decoder(h) for h in _namedtuple_hints(hint)]
            return _fixed_decoder(parts, lambda items: hint(*items))
        if dataclasses.is_dataclass(hint) and isinstance(hint, type):
            return self._dataclass_decoder(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.decoder(args[0])

                def many(data: Any) -> tuple[Any, ...]:
                    if type(data) is not list:
                        raise CodecError("expected a list")
                    return tuple(item(x) for x in data)

                return many
            return _fixed_decoder([self.decoder(a) for a in args], tuple)
        if origin is frozenset:
            item = self.decoder(args[0])

            def some(data: Any) -> frozenset[Any]:
                if type(data) is not list:
                    raise CodecError("expected a list")
                return frozenset(item(x) for x in data)

            return some
        if origin in (typing.Union, types.UnionType):
            return self._union_decoder(args)
        raise TypeError(f"no wire form for {hint!r}")

    def _dataclass_decoder(self, cls: type) -> Decoder:
        fields = _fields(cls)
        decs = {f.name: d for f, d in zip(fields, self._field_decoders(cls, fields), strict=True)}
        required = frozenset(f.name for f in fields if _default_of(f) is _MISSING)
        allowed = frozenset(decs) | {TAG}

        def decode(data: Any) -> Any:
            if type(data) is not dict:
                raise CodecError(f"{cls.__name__}: expected an object")
            if not required <= data.keys() or not data.keys() <= allowed:
                raise CodecError(f"{cls.__name__}: wrong fields")
            kwargs = {k: decs[k](v) for k, v in data.items() if k != TAG}
            try:
                return cls(**kwargs)
            except (TypeError, ValueError) as exc:
                raise CodecError(f"{cls.__name__}: {exc}") from None

        return decode

    def _field_decoders(self, cls: type, fields: Sequence[dataclasses.Field[Any]]) -> list[Decoder]:
        return [self.decoder(h) for h in _field_hints(cls, fields)]

    def _union_decoder(self, args: Sequence[Any], always_tag: bool = False) -> Decoder:
        classes = {
            a.__name__: self.decoder(a)
            for a in args
            if dataclasses.is_dataclass(a) and isinstance(a, type)
        }
        single = next(iter(classes.values())) if len(classes) == 1 and not always_tag else None
        others = [self.decoder(a) for a in args if not dataclasses.is_dataclass(a)]

        def decode(data: Any) -> Any:
            if type(data) is dict:
                if single is not None:
                    return single(data)
                name = data.get(TAG)
                dec = classes.get(name) if type(name) is str else None
                if dec is None:
                    raise CodecError(f"unknown class {name!r}")
                return dec(data)
            for other in others:
                try:
                    return other(data)
                except CodecError:
                    continue
            raise CodecError(f"{data!r} is none of {args!r}")

        return decode


# -- scalars ------------------------------------------------------------------------------

_MISSING: Any = object()


def _same(value: Any) -> Any:
    return value


def _enum_value(value: enum.Enum) -> Any:
    return value.value


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    members = {m.value: m for m in cls}
    kinds = {type(v) for v in members}

    def decode(data: Any) -> enum.Enum:
        if type(data) not in kinds:
            raise CodecError(f"not a {cls.__name__}")
        try:
            return members[data]
        except KeyError:
            raise CodecError(f"not a {cls.__name__}: {data!r}") from None

    return decode


def _expect_none(data: Any) -> None:
    if data is not None:
        raise CodecError("expected null")


def _expect_bool(data: Any) -> bool:
    if type(data) is not bool:
        raise CodecError("expected a boolean")
    return data


def _expect_int(data: Any) -> int:
    if type(data) is not int:
        raise CodecError("expected an integer")
    return data


def _expect_float(data: Any) -> float:
    if type(data) is float:
        return data
    if type(data) is int:
        return float(data)
    raise CodecError("expected a number")


def _expect_str(data: Any) -> str:
    if type(data) is not str:
        raise CodecError("expected a string")
    return data


def _fixed_decoder(parts: Sequence[Decoder], build: Callable[[list[Any]], Any]) -> Decoder:
    def decode(data: Any) -> Any:
        if type(data) is not list or len(data) != len(parts):
            raise CodecError(f"expected a list of {len(parts)}")
        return build([dec(x) for dec, x in zip(parts, data, strict=True)])

    return decode


def _is_instance(value: Any, hint: Any) -> bool:
    if hint in (None, type(None)):
        return value is None
    if hint is int:
        return type(value) is int
    if hint is float:
        return type(value) in (float, int)
    origin = typing.get_origin(hint)
    if origin is not None:
        return isinstance(value, origin)
    return isinstance(value, hint)


# -- type hints ---------------------------------------------------------------------------


def _is_namedtuple(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields")


def _namedtuple_hints(cls: Any) -> list[Any]:
    hints = typing.get_type_hints(cls)
    return [hints[name] for name in cls._fields]


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _field_hints(cls: type, fields: Sequence[dataclasses.Field[Any]]) -> list[Any]:
    hints = typing.get_type_hints(cls)
    return [hints[f.name] for f in fields]


def _default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return _MISSING


# -- one game's codec ---------------------------------------------------------------------


class GameCodec:
    """Encode and decode one game's wire types (``WireTypes``)."""

    def __init__(self, wire: WireTypes) -> None:
        self.wire = wire
        compiler = _Compiler()
        # The actions and the events always name their class, even a game with one
        # kind of action: a second one added later keeps the wire form.
        self._enc_action = compiler._union_encoder(_classes(wire.actions), always_tag=True)
        self._dec_action = compiler._union_decoder(_classes(wire.actions), always_tag=True)
        logged = _classes((*wire.actions, *wire.table_actions))
        self._enc_logged = compiler._union_encoder(logged, always_tag=True)
        self._dec_logged = compiler._union_decoder(logged, always_tag=True)
        self._enc_event = compiler._union_encoder(_classes(wire.events), always_tag=True)
        self._dec_event = compiler._union_decoder(_classes(wire.events), always_tag=True)
        self._enc_view = compiler.encoder(wire.observation)
        self._dec_view = compiler.decoder(wire.observation)
        obs = wire.observation
        fields = _fields(obs)
        hints = _field_hints(obs, fields)
        #: per field of the observation: (encoder, decoder), for the views' patches
        self.view_fields: dict[str, tuple[Encoder, Decoder]] = {
            f.name: (compiler.encoder(h), compiler.decoder(h))
            for f, h in zip(fields, hints, strict=True)
        }
        self._event_classes = frozenset(wire.events)
        self._action_classes = frozenset(wire.actions)
        self._logged_classes = frozenset((*wire.actions, *wire.table_actions))

    def encode_action(self, action: Any) -> Any:
        if type(action) not in self._action_classes:
            raise CodecError(f"not an action of this game: {action!r}")
        return self._enc_action(action)

    def decode_action(self, data: Any) -> Any:
        return self._dec_action(data)

    def encode_logged(self, action: Any) -> Any:
        """Any action the engine accepted, the table's own included (a match's log)."""
        if type(action) not in self._logged_classes:
            raise CodecError(f"not an action of this game: {action!r}")
        return self._enc_logged(action)

    def decode_logged(self, data: Any) -> Any:
        """An action of a match's log (the table's own included): replays only."""
        return self._dec_logged(data)

    def encode_event(self, event: Any) -> Any:
        if type(event) not in self._event_classes:
            raise CodecError(f"not an event of this game: {event!r}")
        return self._enc_event(event)

    def decode_event(self, data: Any) -> Any:
        return self._dec_event(data)

    def encode_view(self, view: Any) -> Any:
        return self._enc_view(view)

    def decode_view(self, data: Any) -> Any:
        return self._dec_view(data)

    # -- a view sent as what changed ----------------------------------------------------
    def view_patch(self, old: Any, new: Any) -> dict[str, Any]:
        """What turns ``old`` (the view last sent) into ``new``: replaced fields under
        ``"set"``, items added at the end of a tuple field under ``"add"``."""
        replaced: dict[str, Any] = {}
        added: dict[str, Any] = {}
        for name, (enc, _dec) in self.view_fields.items():
            before, after = getattr(old, name), getattr(new, name)
            if before is after or before == after:
                continue
            if (
                type(before) is tuple
                and type(after) is tuple
                and len(after) > len(before)
                and after[: len(before)] == before
                and not _is_namedtuple(type(after))
            ):
                added[name] = enc(after[len(before) :])
            else:
                replaced[name] = enc(after)
        patch: dict[str, Any] = {}
        if replaced:
            patch["set"] = replaced
        if added:
            patch["add"] = added
        return patch

    def full_patch(self, view: Any) -> dict[str, Any]:
        """A patch that replaces the whole view (no view was sent before)."""
        return {"all": self.encode_view(view)}

    def apply_patch(self, view: Any, patch: Mapping[str, Any]) -> Any:
        """The view ``view_patch`` (or ``full_patch``) described; ``CodecError`` when it
        does not fit."""
        if type(patch) is not dict or not patch.keys() <= {"set", "add", "all"}:
            raise CodecError("not a view patch")
        if "all" in patch:
            return self.decode_view(patch["all"])
        if view is None:
            raise CodecError("a patch with no view to patch")
        changes: dict[str, Any] = {}
        for name, data in _items(patch.get("set")):
            changes[name] = self._field(name)[1](data)
        for name, data in _items(patch.get("add")):
            tail = self._field(name)[1](data)
            head = getattr(view, name)
            if type(head) is not tuple or type(tail) is not tuple:
                raise CodecError(f"{name} is not a tuple")
            changes[name] = head + tail
        if not changes:
            return view
        try:
            return dataclasses.replace(view, **changes)
        except (TypeError, ValueError) as exc:
            raise CodecError(str(exc)) from None

    def _field(self, name: Any) -> tuple[Encoder, Decoder]:
        found = self.view_fields.get(name) if type(name) is str else None
        if found is None:
            raise CodecError(f"no field {name!r} in the view")
        return found


def _items(data: Any) -> list[tuple[str, Any]]:
    if data is None:
        return []
    if type(data) is not dict:
        raise CodecError("expected an object")
    return list(data.items())


def _classes(classes: Sequence[type]) -> tuple[type, ...]:
    if not classes or not all(dataclasses.is_dataclass(c) for c in classes):
        raise TypeError("a game's actions and events are dataclasses")
    return tuple(classes)
