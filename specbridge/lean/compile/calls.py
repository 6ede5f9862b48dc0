"""Names, application, coercions and generalized field notation (`x.f` resolved by the head type)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from specbridge.errors import UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import typecheck as tcheck
from specbridge.lean import types as ty
from specbridge.lean.arith import rat
from specbridge.lean.runtime import (
    Code,
    GlobalFn,
    Scope,
    Var,
    _const,
    _getter,
)
from specbridge.lean.stdlib import REGISTRY, Builtin
from specbridge.lean.values import (
    Ctor,
    Fn,
    LArray,
    LHashMap,
    LHashSet,
    Pair,
    Some,
    Struct,
    apply,
    default_of,
)

_TYPE_NAMESPACES = {
    "Nat": "Nat",
    "Int": "Int",
    "List": "List",
    "Array": "Array",
    "String": "String",
    "Char": "Char",
    "Option": "Option",
    "Prod": "Prod",
    "Float": "Float",
    "Rat": "Rat",
    "Bool": "Bool",
    "UInt8": "UInt8",
    "Finset": "Finset",
    "→": "Function",
    "Prop": "Prop",
}


def _python_default(callee: Builtin, i: int) -> Any:
    """The default value of the builtin's `i`-th explicit parameter, as its Python implementation declares it."""
    import inspect

    offset = 1 if callee.wants_default or callee.wants_types else 0
    params = list(inspect.signature(callee.impl).parameters.values())
    if offset + i >= len(params) or params[offset + i].default is inspect.Parameter.empty:
        raise UnsupportedConstruct(f"argument {i + 1} of {callee.name} left to its default")
    return params[offset + i].default


def _runtime_namespace(v: Any) -> str:
    if isinstance(v, bool):
        return "Bool"
    if isinstance(v, int):
        return "Int" if v < 0 else "Nat"
    if isinstance(v, LArray):
        return "Array"
    if isinstance(v, LHashMap):
        return "HashMap"
    if isinstance(v, LHashSet):
        return "HashSet"
    if isinstance(v, tuple):
        return "List"
    if isinstance(v, str):
        return "String"
    if isinstance(v, float):
        return "Float"
    if isinstance(v, Fraction):
        return "Rat"
    if isinstance(v, Pair):
        return "Prod"
    if v is None or isinstance(v, Some):
        return "Option"
    if isinstance(v, Fn):
        return "Function"
    if isinstance(v, Struct):
        return v.name
    if isinstance(v, Ctor):
        return v.type
    return "?"


def _is_lambda(node: A.Node) -> bool:
    return isinstance(node, (A.Lam, A.FunMatch))


class CallsMixin:
    # identifiers --------------------------------------------------------------------------------------------------
    def c_Ident(self, node: A.Ident, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.ident_app(node, [], scope, expected)

    def _var(self, v: Var, scope: Scope) -> Code:
        if self._memo is not None:
            self._memo.read(v)
        return _getter(scope.frame.depth - v.frame.depth, v.slot)

    def ident_app(
        self,
        node: A.Ident,
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        name = node.name
        v = scope.vars.get(name)
        if v is not None:
            return self.apply_value(self._var(v, scope), v.type, args, scope, expected)
        if name.startswith("."):
            h = ty.head(expected) if expected is not None else None
            if h is None:
                h = "Option" if name in (".some", ".none") else None
            if h is None:
                raise UnsupportedConstruct(f"leading-dot name {name} without a known type")
            node = A.Ident(node.line, node.col, f"{h}{name}")
            name = node.name
        if "." in name:
            first, rest = name.split(".", 1)
            v = scope.vars.get(first)
            if v is not None:
                code, t = self._var(v, scope), v.type
                parts = rest.split(".")
                for p in parts[:-1]:
                    code, t = self.method_call(code, t, p, [], scope, None, node)
                return self.method_call(code, t, parts[-1], args, scope, expected, node, named)
        if named:
            g0 = self.lookup_global(name, scope)
            if g0 is None:
                raise UnsupportedConstruct("named arguments to a local function")
        g = self.lookup_global(name, scope)
        if g is not None:
            return self.call_callee(g, [], args, scope, expected, node, named)
        if name in self.module.unsupported:
            raise UnsupportedConstruct(self.module.unsupported[name], f"used by `{name}`")
        special = self.special_ident(node, args, scope, expected)
        if special is not None:
            return special
        if "." in name:
            # `Foo.bar.baz`: a global followed by field accesses
            parts = name.split(".")
            for k in range(len(parts) - 1, 0, -1):
                head = ".".join(parts[:k])
                g = self.lookup_global(head, scope)
                if g is not None:
                    code, t = self.call_callee(g, [], [], scope, None, node)
                    for p in parts[k:-1]:
                        code, t = self.method_call(code, t, p, [], scope, None, node)
                    return self.method_call(code, t, parts[-1], args, scope, expected, node)
        raise tcheck.unknown_name(node, name, self.name_candidates(name, scope), expected)

    def name_candidates(self, name: str, scope: Scope) -> list[str]:
        """The names a misspelt `name` could have meant: the last components of names in its namespace."""
        if "." in name:
            ns = name.rsplit(".", 1)[0]
            return tcheck.names_in(ns, self.globals)
        found = list(scope.vars) + [g for g in self.globals if "." not in g] + tcheck.names_in("", self.globals)
        for ns in self.opens:
            found += tcheck.names_in(ns, self.globals)
        return found

    def special_ident(
        self, node: A.Ident, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type] | None:
        name = node.name
        if name == "default" or name == "Inhabited.default":
            if expected is None:
                raise UnsupportedConstruct("`default` without a known type")
            exp = expected

            def dflt(env: list) -> Any:
                return default_of(exp)

            return dflt, expected
        if name in ("inferInstance", "rfl", "trivial"):
            return _const(True), ty.PROP
        full = self.ctor_name(name)
        if full is not None:
            return self.ctor_value(full, args, scope, expected)
        if "." in name:
            sname, member = name.rsplit(".", 1)
            if sname in self.structs:
                return self.struct_member(sname, member, args, scope, expected)
        return None

    # applications ----------------------------------------------------------------------------------------------
    def c_App(self, node: A.App, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        fn = node.fn
        args = node.args
        if isinstance(fn, A.Ident):
            if fn.name == "@as":
                raise UnsupportedConstruct("as-pattern used as a term")
            if fn.name == "Id.run" and args and isinstance(args[0], A.Do):
                args[0].in_id = True
            return self.ident_app(fn, args, scope, expected, node.named or None)
        if isinstance(fn, A.Proj) and not fn.field.isdigit():
            rc, rt = self.expr(fn.expr, scope)
            return self.method_call(rc, rt, fn.field, args, scope, expected, node, node.named or None)
        code, t = self.expr(fn, scope)
        return self.apply_value(code, t, args, scope, expected)

    def apply_value(
        self, code: Code, t: ty.Type, args: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[Code, ty.Type]:
        """Apply a function-valued expression of type `t` to argument nodes."""
        if not args:
            if expected is not None:
                ty.unify(t, expected)
            return code, t
        arg_codes: list[Code] = []
        cur = t
        for a in args:
            pc = ty.prune(cur)
            if isinstance(pc, ty.TV):
                pt, rt = ty.TV(), ty.TV()
                ty.unify(pc, ty.T("→", (pt, rt)))
                pc = ty.prune(cur)
            if isinstance(pc, ty.T) and pc.name == "→":
                ac, at = self.expr(a, scope, pc.args[0])
                ac = self.coerce(ac, at, pc.args[0])
                ty.unify(pc.args[0], at)
                cur = pc.args[1]
            else:
                tcheck.check_applicable(a, pc, len(args) - len(arg_codes))
                ac, at = self.expr(a, scope)
                cur = ty.TV()
            arg_codes.append(ac)
        if expected is not None:
            ty.unify(cur, expected)
        k = len(arg_codes)
        if k == 1:
            a0 = arg_codes[0]

            def app1(env: list) -> Any:
                f = code(env)
                if type(f) is Fn and f.arity == 1:
                    return f.call(a0(env))
                return apply(f, (a0(env),))

            return app1, cur
        if k == 2:
            a0, a1 = arg_codes

            def app2(env: list) -> Any:
                f = code(env)
                if type(f) is Fn and f.arity == 2:
                    return f.call(a0(env), a1(env))
                return apply(f, (a0(env), a1(env)))

            return app2, cur

        def appn(env: list) -> Any:
            return apply(code(env), [a(env) for a in arg_codes])

        return appn, cur

    def coerce(self, code: Code, src: ty.Type, dst: ty.Type) -> Code:
        """Lean's coercions that change the value: `a` to `Option a` (↑), nothing else changes the value."""
        s, d = ty.prune(src), ty.prune(dst)
        if isinstance(s, ty.T) and isinstance(d, ty.T):
            if d.name == "Option" and s.name != "Option":
                return lambda env: Some(code(env))
            if d.name == "Float" and s.name in ("Nat", "Int"):
                return lambda env: float(code(env))
            if d.name == "Rat" and s.name in ("Nat", "Int"):
                return lambda env: rat(code(env))
        return code

    def call_callee(
        self,
        callee: GlobalFn | Builtin,
        pre: list[tuple[int, Code, ty.Type]],
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        """Call a global/builtin. `pre` holds already-compiled arguments at fixed positions (the receiver)."""
        params, result = callee.instantiate()
        written = [not ty.free_vars(p) for p in params]  # a parameter type of the signature, not a variable of it
        if named:
            names = callee.param_names()
            pre = list(pre)
            for pname, pnode in named.items():
                if pname not in names:
                    raise UnsupportedConstruct(f"named argument ({pname} := …) of {callee.name}")
                pos = names.index(pname)
                pc, pt = self.expr(pnode, scope, params[pos])
                pre.append((pos, self.coerce(pc, pt, params[pos]), pt))
        n = len(params)
        total = len(pre) + len(args)
        slots: list[Code | None] = [None] * max(n, total)
        arg_types: list[ty.Type | None] = [None] * max(n, total)
        for pos, c, t in pre:
            if pos < n:
                ty.unify(params[pos], t)
                c = self.coerce(c, t, params[pos])
            slots[pos] = c
            arg_types[pos] = t
        free = [i for i in range(max(n, total)) if slots[i] is None]
        positions = free[: len(args)]
        # the result type of this (possibly partial) application, unified with the expected type early
        if total < n and not (isinstance(callee, Builtin) and callee.required <= total):
            missing = [params[i] for i in range(n) if i not in positions and slots[i] is None]
            app_t = ty.fun_t(missing, result)
        else:
            app_t = result
        if expected is not None and total <= n:
            ty.unify(app_t, expected)
        order = sorted(range(len(args)), key=lambda j: _is_lambda(args[j]))
        for j in order:
            pos = positions[j]
            pt = params[pos] if pos < n else None
            c, t = self.expr(args[j], scope, pt)
            if pt is not None:
                self.check_type(args[j], t, pt, declared=written[pos] and self.written_type(args[j], scope))
                c = self.coerce(c, t, pt)
                ty.unify(pt, t)
            slots[pos] = c
            arg_types[pos] = t
            if pos == 1 and isinstance(callee, Builtin):
                tcheck.check_position(callee.name, node, args[j], t)
        if isinstance(callee, Builtin):
            impl = callee.impl
            if callee.wants_default:
                res_t = result
                base = impl

                def impl(*a: Any, _b: Callable = base, _t: ty.Type = res_t) -> Any:
                    return _b(lambda: default_of(_t), *a)

            elif callee.wants_types:
                types_ = [*params, result]
                base2 = impl

                def impl(*a: Any, _b: Callable = base2, _ts: list = types_) -> Any:
                    return _b(_ts, *a)

            fname = callee.name
        else:
            g = callee

            def impl(*a: Any, _g: GlobalFn = g) -> Any:
                return _g.call(*a)

            fname = callee.name
        if isinstance(callee, Builtin) and callee.required <= total < n:
            # trailing optional parameters take their defaults (the Python implementation's defaults); an optional
            # one skipped by a later named argument (`l.extract (stop := 2)`) gets its default in place
            top = max((i for i in range(n) if slots[i] is not None), default=-1) + 1
            for i in range(callee.required, top):
                if slots[i] is None:
                    slots[i] = _const(_python_default(callee, i))
            n = total = top
        if total < n:
            # partial application: missing positions become parameters of a function value
            missing_pos = [i for i in range(n) if slots[i] is None]
            present = [(i, c) for i, c in enumerate(slots) if c is not None]
            m = len(missing_pos)

            def partial(env: list) -> Any:
                vals = [None] * n
                for i, c in present:
                    vals[i] = c(env)

                def call(*rest: Any) -> Any:
                    full = list(vals)
                    for i, r in zip(missing_pos, rest, strict=True):
                        full[i] = r
                    return impl(*full)

                return Fn(m, call, fname)

            return partial, app_t
        codes: list[Code] = [c for c in slots[:n] if c is not None]
        extra: list[Code] = [c for c in slots[n:] if c is not None]
        if n == 0:
            base_code: Code = lambda env: impl()  # noqa: E731
            if isinstance(callee, Builtin) and not callee.wants_default and not callee.wants_types:
                try:
                    v = callee.impl()
                    base_code = _const(v)
                except Exception:  # noqa: BLE001 - compute lazily instead
                    pass
        elif n == 1:
            (c0,) = codes
            base_code = lambda env: impl(c0(env))  # noqa: E731
        elif n == 2:
            c0, c1 = codes
            base_code = lambda env: impl(c0(env), c1(env))  # noqa: E731
        elif n == 3:
            c0, c1, c2 = codes
            base_code = lambda env: impl(c0(env), c1(env), c2(env))  # noqa: E731
        else:
            base_code = lambda env: impl(*[c(env) for c in codes])  # noqa: E731
        if not extra:
            return base_code, result
        # over-application: the result is a function
        cur = result
        for k in range(len(extra)):
            pc = ty.prune(cur)
            tcheck.check_applicable(node, pc, len(extra) - k)
            cur = pc.args[1] if isinstance(pc, ty.T) and pc.name == "→" else ty.TV()
        if expected is not None:
            ty.unify(cur, expected)
        return (lambda env: apply(base_code(env), [c(env) for c in extra])), cur

    def method_call(
        self,
        recv: Code,
        rtype: ty.Type,
        name: str,
        args: list[A.Node],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
        named: dict[str, A.Node] | None = None,
    ) -> tuple[Code, ty.Type]:
        """Generalized field notation `e.name args`."""
        rt = ty.prune(rtype)
        h = rt.name if isinstance(rt, ty.T) else None
        if name in ("1", "2", "fst", "snd") and (h == "Prod" or h is None):
            first = name in ("1", "fst")
            if h == "Prod":
                ft = rt.args[0] if first else rt.args[1]  # type: ignore[union-attr]
            else:
                a, b = ty.TV(), ty.TV()
                ty.unify(rt, ty.prod_t(a, b))
                ft = a if first else b
            code: Code = (lambda env: recv(env).fst) if first else (lambda env: recv(env).snd)
            return self.apply_value(code, ft, args, scope, expected)
        if h == "Subtype" and name in ("1", "2", "val", "property"):
            # `l.attach` elements `{x // x ∈ l}` are the values themselves; the proof component is `True`
            assert isinstance(rt, ty.T)
            if name in ("1", "val"):
                return self.apply_value(recv, rt.args[0], args, scope, expected)
            return self.apply_value(lambda env: True, ty.PROP, args, scope, expected)
        if h is not None and h in self.structs and name in self._field_names(h):
            ftypes = self.field_types(h, rt)
            k = self._field_names(h).index(name)
            code = lambda env: recv(env).vals[k]  # noqa: E731
            return self.apply_value(code, ftypes[k], args, scope, expected)
        if h is not None:
            ns = _TYPE_NAMESPACES.get(h, h)
            callee = self.lookup_method(ns, name)
            if callee is None and ns in ("Nat", "UInt8", "Fin"):
                callee = self.lookup_method("Nat", name)
            if callee is None:
                fields = self._field_names(h) if h in self.structs else []
                near = fields + tcheck.names_in(ns, self.globals)
                raise tcheck.unknown_name(node, name, near, expected, field_of=ns)
            idx = callee.receiver_index(ns)
            return self.call_callee(callee, [(idx, recv, rtype)], args, scope, expected, node, named)
        # unknown receiver type: dispatch on the runtime value
        arg_codes = [self.expr(a, scope)[0] for a in args]
        lookup = self.lookup_method

        def dyn(env: list) -> Any:
            v = recv(env)
            ns = _runtime_namespace(v)
            callee = lookup(ns, name)
            if callee is None and ns == "Nat":
                callee = lookup("Int", name)
            if callee is None and ns == "String" and len(v) == 1:
                callee = lookup("Char", name)
            if callee is None:
                raise UnsupportedConstruct(f"{ns}.{name}")
            vals = [c(env) for c in arg_codes]
            idx = callee.receiver_index(ns)
            vals.insert(idx, v)
            if isinstance(callee, Builtin):
                if callee.wants_default or callee.wants_types:
                    raise UnsupportedConstruct(f"{ns}.{name} on a value of unknown type")
                return apply(Fn(callee.arity, callee.impl, callee.name), vals)
            return apply(Fn(callee.arity, callee.call, callee.name), vals)

        return dyn, expected if expected is not None else ty.TV()

    def lookup_method(self, ns: str, name: str) -> GlobalFn | Builtin | None:
        full = f"{ns}.{name}"
        if full in self.globals:
            return self.globals[full]
        return REGISTRY.get(full)

    def c_Proj(self, node: A.Proj, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        rc, rt = self.expr(node.expr, scope)
        return self.method_call(rc, rt, node.field, [], scope, expected, node)
