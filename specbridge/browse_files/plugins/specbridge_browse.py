"""Datasette plugin of `specbridge browse`: the results are read-only, and a chart page shows one run.

Loaded with `datasette --plugins-dir`; the page's HTML comes from specbridge.browse.chart_page.
"""

from __future__ import annotations

from datasette import hookimpl
from datasette.utils.asgi import Response

READ_METHODS = {"GET", "HEAD", "OPTIONS"}


@hookimpl
def asgi_wrapper(datasette):  # noqa: ANN001, ANN201 - Datasette's hook signature
    """Anything but a read (a POST to a canned query, say) is 405 Method Not Allowed, not a 500 from inside."""

    def wrap(app):  # noqa: ANN001, ANN202
        async def read_only(scope, receive, send):  # noqa: ANN001, ANN202
            if scope.get("type") == "http" and scope.get("method", "GET").upper() not in READ_METHODS:
                body = b"405 Method Not Allowed: the SpecBridge results browser is read-only\n"
                await send(
                    {
                        "type": "http.response.start",
                        "status": 405,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"allow", b"GET, HEAD")],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send)

        return read_only

    return wrap


async def chart(datasette, request):  # noqa: ANN001, ANN201
    from specbridge.browse import CHART_LAYERS_SQL, CHART_TASKS_SQL, chart_page

    db = datasette.get_database()
    wanted = request.args.get("run")
    if wanted is not None and not wanted.isdigit():
        return Response.html("<p>run must be a run id (a number)</p>", status=400)
    if wanted is None:
        rows = (await db.execute("select max(id) as id from runs")).rows
        run = rows[0]["id"] if rows else None
    else:
        run = int(wanted)
    if run is None:
        return Response.html(chart_page(None, [], []))
    layers = [dict(r) for r in (await db.execute(CHART_LAYERS_SQL, {"run": run})).rows]
    tasks = [dict(r) for r in (await db.execute(CHART_TASKS_SQL, {"run": run})).rows]
    if not tasks and wanted is not None:
        return Response.html(f"<p>no run {run} with finished tasks</p>", status=404)
    return Response.html(chart_page(run, layers, tasks))


@hookimpl
def register_routes():  # noqa: ANN201
    return [(r"^/-/specbridge-chart$", chart)]
