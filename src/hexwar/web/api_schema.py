"""What the API routes declare in the OpenAPI schema beyond FastAPI's defaults: their JSON
bodies and their refusals (issue 38 item 7).

A route reading a JSON body with :func:`hexwar.web.guard.json_body` declares it with
``openapi_extra=body_schema(Model)``; the refusals a route may answer with
``responses=error_responses(...)``. Every refusal is a 4xx with a JSON body ``{"detail": ...}``:
the message (text), or an object (the problems of a file or table; a malformed body's
``{"message", "problems"}``, each problem naming its field: ``flanks.0.1.x: Input should be
less than 400``), or FastAPI's list of validation errors of a query or form, each naming its
field by ``loc``. So the schema describes every answer, and Schemathesis checks them against
it (``tests/web/test_schema_fuzz.py``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = ["ErrorAnswer", "body_schema", "error_responses", "page_error_responses"]


class ErrorAnswer(BaseModel):
    """An API route's refusal."""

    detail: str | list[dict[str, Any]] | dict[str, Any] = Field(
        description="the message; or an object (the problems); or FastAPI's validation errors, "
        "each naming its field by `loc`"
    )
    rule: str | None = Field(None, description="the rule an order or amendment broke")


_WHY = {
    400: "the body is not readable (a malformed multipart form)",
    401: "no valid token, or the server's password was not given",
    403: "the token opens another game or side, or the request came from another site",
    404: "no such game, run, map or plot",
    409: "the game is not where the request needs it: a choice made for a step or plan that "
    "is gone (read the choices again), a rematch of a game that is not over yet",
    413: "the body is too large",
    415: "the body is not declared as JSON (Content-Type: application/json)",
    422: "the request is malformed (the detail names the field) or the rules refuse it",
    429: "as many computer-only games are playing as the server plays at once",
    503: "the server is stopping",
}


def error_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of an API route that may refuse with ``codes`` (JSON bodies)."""
    return {code: {"model": ErrorAnswer, "description": _WHY[code]} for code in codes}


def page_error_responses(*codes: int, change: bool = False) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a page that may refuse with ``codes``: an HTML error page, or JSON
    for a malformed query (FastAPI's list of validation errors, 422) and for what is refused
    before any route (:class:`hexwar.web.app.HexwarApp`): a body beyond its bound (413) and,
    on a page that takes a ``change`` (a form posted), a request from another site (403)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        out[code] = {"description": _WHY[code], "content": {"text/html": {}}}
        if code in (413, 422) or (change and code == 403):
            out[code]["model"] = ErrorAnswer
    return out


def body_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route reading ``model`` with ``json_body`` (its
    ``openapi_extra``), with the models it nests written in place: they are not among the
    schema's components, which only FastAPI's own parameters and responses fill."""
    schema = model.model_json_schema()
    defs: dict[str, Any] = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                rest = {k: v for k, v in node.items() if k != "$ref"}
                return inline({**defs[ref.removeprefix("#/$defs/")], **rest})
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": inline(schema)}},
        }
    }
