"""Constructors of inductive types, structures, anonymous constructors and tuples."""

from __future__ import annotations

from specbridge.errors import UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import (
    Code,
    Scope,
    _const,
)
from specbridge.lean.values import (
    Ctor,
    Fn,
    Pair,
    Struct,
)


class StructuresMixin:
    # inductive types -----------------------------------------------------------------------------------------------
    def ctor_name(self, name: str, t: ty.Type | None = None) -> str | None:
        """The full name `T.c` of a constructor written `T.c`, `.c` (with a known type) or `c` (with `open T`)."""
        if name in self.ctors:
            return name
        if name.startswith("."):
            h = ty.head(t) if t is not None else None
            return f"{h}{name}" if h is not None and f"{h}{name}" in self.ctors else None
        for o in self.opens:
            if f"{o}.{name}" in self.ctors:
                return f"{o}.{name}"
        return None

    def ind_type(self, ind: A.Inductive) -> tuple[ty.T, dict[str, ty.TV]]:
        tvars = {b.name: ty.TV() for b in ind.params if b.name and b.kind in ("explicit", "implicit")}
        return ty.T(ind.name, tuple(tvars.values())), tvars

    def ctor_sig(self, full: str) -> tuple[list[ty.Type], ty.T]:
        ind, _c, args = self.ctors[full]
        it, tvars = self.ind_type(ind)
        return [ty.from_ast(a, dict(tvars)) for a in args], it

    def ctor_value(self, full: str, args: list[A.Node], scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        ind, cname, _a = self.ctors[full]
        ftypes, it = self.ctor_sig(full)
        tname = ind.name
        if not ftypes:
            return _const(Ctor(tname, cname, ())), it
        n = len(ftypes)
        code = _const(Fn(n, lambda *vals: Ctor(tname, cname, tuple(vals)), full))
        return self.apply_value(code, ty.fun_t(ftypes, it), args, scope, expected)

    # structures ----------------------------------------------------------------------------------------------
    def _field_names(self, sname: str) -> list[str]:
        return [f for f, _ in self.structs[sname].fields]

    def struct_type(self, sname: str) -> ty.T:
        s = self.structs[sname]
        params = [b for b in s.params if b.kind in ("explicit", "implicit") and b.name]
        return ty.T(sname, tuple(ty.TV() for _ in params))

    def field_types(self, sname: str, t: ty.Type) -> list[ty.Type]:
        s = self.structs[sname]
        params = [b.name for b in s.params if b.kind in ("explicit", "implicit") and b.name]
        pt = ty.prune(t)
        args = list(pt.args) if isinstance(pt, ty.T) and pt.name == sname else []
        tvars: dict[str, ty.TV] = {}
        for i, p in enumerate(params):
            tv = ty.TV()
            if i < len(args):
                ty.unify(tv, args[i])
            tvars[p] = tv
        return [ty.from_ast(ftype, dict(tvars)) for _, ftype in s.fields]

    def construct(self, sname: str, elems: list[A.Node], scope: Scope, t: ty.Type | None) -> tuple[Code, ty.Type]:
        st = t if t is not None and ty.head(t) == sname else self.struct_type(sname)
        ftypes = self.field_types(sname, st)
        fields = tuple(self._field_names(sname))
        if len(elems) != len(fields):
            raise UnsupportedConstruct(f"{sname} takes {len(fields)} fields, got {len(elems)}")
        codes = []
        for e, ft in zip(elems, ftypes, strict=True):
            c, et = self.expr(e, scope, ft)
            codes.append(self.coerce(c, et, ft))
            ty.unify(ft, et)
        return (lambda env: Struct(sname, fields, tuple(c(env) for c in codes))), st

    def struct_member(
        self, sname: str, member: str, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type]:
        fields = self._field_names(sname)
        st = self.struct_type(sname)
        ftypes = self.field_types(sname, st)
        if member == "mk":
            fn_t = ty.fun_t(ftypes, st)
            names = tuple(fields)
            n = len(fields)
            code = _const(Fn(n, lambda *vals: Struct(sname, names, tuple(vals)), f"{sname}.mk"))
            return self.apply_value(code, fn_t, args, scope, expected)
        if member in fields:
            k = fields.index(member)
            code = _const(Fn(1, lambda v: v.vals[k], f"{sname}.{member}"))
            return self.apply_value(code, ty.fun_t([st], ftypes[k]), args, scope, expected)
        raise UnsupportedConstruct(f"{sname}.{member}")

    def c_StructInst(self, node: A.StructInst, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        h = ty.head(expected) if expected is not None else None
        names = {f for f, _ in node.fields}
        if h not in self.structs:
            cands = [s for s, info in self.structs.items() if names <= {f for f, _ in info.fields}]
            if len(cands) != 1:
                raise UnsupportedConstruct("structure instance `{ … }` of an unknown structure")
            h = cands[0]
        assert h is not None
        fields = self._field_names(h)
        st = expected if expected is not None and ty.head(expected) == h else self.struct_type(h)
        ftypes = self.field_types(h, st)
        given = dict(node.fields)
        base_code = None
        if node.base is not None:
            base_code, bt = self.expr(node.base, scope, st)
        else:
            dflts = self.structs[h].defaults if h in self.structs else {}
            missing = set(fields) - names - set(dflts)
            if missing:
                raise UnsupportedConstruct(f"structure instance without fields {sorted(missing)}")
            given = {f: given.get(f, dflts.get(f)) for f in fields}  # omitted fields take their default value
        codes: list[Code | None] = []
        for f, ft in zip(fields, ftypes, strict=True):
            if given.get(f) is not None:
                c, et = self.expr(given[f], scope, ft)
                codes.append(self.coerce(c, et, ft))
                ty.unify(ft, et)
            else:
                codes.append(None)
        names_t = tuple(fields)

        def inst(env: list) -> Struct:
            base = base_code(env) if base_code is not None else None
            vals = tuple(
                c(env) if c is not None else base.vals[i]  # type: ignore[union-attr]
                for i, c in enumerate(codes)
            )
            return Struct(h, names_t, vals)  # type: ignore[arg-type]

        return inst, st

    # structured terms ----------------------------------------------------------------------------------------------
    def c_Tuple(self, node: A.Tuple, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        elems = node.elems
        first, rest = elems[0], elems[1:]
        exp_a = exp_b = None
        if expected is not None and ty.head(expected) == "Prod":
            exp_a, exp_b = ty.arg(expected, 0), ty.arg(expected, 1)
        a, at = self.expr(first, scope, exp_a)
        if exp_a is not None:
            a = self.coerce(a, at, exp_a)
            ty.unify(exp_a, at)
            at = exp_a
        if len(rest) == 1:
            b, bt = self.expr(rest[0], scope, exp_b)
        else:
            b, bt = self.c_Tuple(A.Tuple(node.line, node.col, rest), scope, exp_b)
        if exp_b is not None:
            b = self.coerce(b, bt, exp_b)
            ty.unify(exp_b, bt)
            bt = exp_b
        return (lambda env: Pair(a(env), b(env))), ty.prod_t(at, bt)

    def c_Anon(self, node: A.Anon, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        h = ty.head(expected) if expected is not None else None
        elems = node.elems
        if h is not None and h in self.structs:
            return self.construct(h, elems, scope, expected)
        if h == "Prod" or (h is None and len(elems) == 2):
            return self.c_Tuple(A.Tuple(node.line, node.col, elems), scope, expected)
        if len(elems) >= 1 and h in (None, "Nat", "Int", "String.Pos", "Pos", "Char"):
            # Fin / Subtype / String.Pos: ⟨val, proof⟩ is the value
            return self.expr(elems[0], scope, expected)
        if h in ("List", "Array") and len(elems) == 1:
            return self.expr(elems[0], scope, expected)
        raise UnsupportedConstruct(f"anonymous constructor for {ty.show(expected) if expected else 'unknown type'}")
