"""Drives `ctx mcp` with the official MCP Python SDK's stdio client (pip install mcp).

Usage: python3 tests/mcp_client.py PATH_TO_CTX WORK_DIR

Lists the tools, calls each one, reads back a spilled range with ctx_more, checks what came
back, and ends with `mcp_client: ok`; any mismatch raises (exit status 1). The server's store
is WORK_DIR/ctx/spill (XDG_CACHE_HOME=WORK_DIR).
"""

import asyncio
import os
import re
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    """The one text block of a tool result, and whether it is an error."""
    is_error = getattr(result, "is_error", None)
    if is_error is None:
        is_error = result.isError
    assert len(result.content) == 1, result
    return result.content[0].text, bool(is_error)


def check(cond, what):
    if not cond:
        raise AssertionError(what)


async def main(ctx, work):
    numbers = os.path.join(work, "numbers.txt")
    with open(numbers, "w") as f:
        f.writelines(f"{i}\n" for i in range(1, 1001))
    doc = os.path.join(work, "doc.md")
    with open(doc, "w") as f:
        f.writelines(f"Part {i} of the report. error: step {i} failed.\n\n" for i in range(800))
    params = StdioServerParameters(command=ctx, args=["mcp"], env={"XDG_CACHE_HOME": work})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            version = getattr(init, "protocol_version", None) or init.protocolVersion
            print(f"initialize: protocol {version}")
            tools = await session.list_tools()
            names = [t.name for t in tools.tools]
            print(f"tools: {', '.join(names)}")
            check(names == ["ctx_read", "ctx_run", "ctx_more", "ctx_summarize"], names)

            text, err = text_of(await session.call_tool("ctx_read", {"path": numbers}))
            marker = text.splitlines()[-1]
            print(f"ctx_read: {len(text.splitlines())} lines, marker: {marker}")
            check(not err and text.startswith("1\n2\n"), text[:200])
            spill = re.search(r"full text: (\S+) \.\.\.\]$", marker)
            check(spill is not None, marker)

            text, err = text_of(await session.call_tool("ctx_more", {"path": spill.group(1), "lines": "500:503"}))
            print(f"ctx_more 500:503: {text!r}")
            check(not err and text == "500\n501\n502\n503\n", text)

            text, err = text_of(await session.call_tool("ctx_run", {"command": "seq 1 20000; echo 'error: boom' >&2; exit 2"}))
            print(f"ctx_run: ends with {text.splitlines()[-2:]}")
            check(not err and text.endswith("error: boom\n[exit status 2]\n"), text[-300:])

            text, err = text_of(await session.call_tool("ctx_summarize", {"path": doc}))
            print(f"ctx_summarize: {text.splitlines()[0]}")
            check(not err and text.startswith("[extractive summary of "), text[:200])

            text, err = text_of(await session.call_tool("ctx_more", {"path": numbers, "lines": "1:2"}))
            print(f"ctx_more outside the store: isError={err}: {text}")
            check(err and "is not in the ctx store" in text, text)
    print("mcp_client: ok")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
