#!/usr/bin/env python3
"""Checks ctx's batch files against the real consumers' own types, and writes batch results
built with those types for ctx to read back.

    validate_batch_lines.py check-openai REQUESTS.jsonl
    validate_batch_lines.py check-anthropic REQUESTS.jsonl
    validate_batch_lines.py answer-openai REQUESTS.jsonl RESULTS.jsonl
    validate_batch_lines.py answer-anthropic REQUESTS.jsonl RESULTS.jsonl
    validate_batch_lines.py check-vllm REQUESTS.jsonl
    validate_batch_lines.py answer-vllm REQUESTS.jsonl RESULTS.jsonl
    validate_batch_lines.py check-api-fields

Needs the SDKs from PyPI, in a virtual environment:
    python3 -m venv /tmp/v && /tmp/v/bin/pip install openai anthropic
and is run by `cargo test --test batch -- --ignored sdk` with CTX_BATCH_PYTHON=/tmp/v/bin/python.

What each check holds a line to:
- OpenAI Batch API (and vLLM run-batch, which reads the same lines): the SDK has no type for
  an input line; its fields are those of the Batch API's documented request input object
  (custom_id, method, url, body). `url` must be one of the endpoints
  `openai.types.batch_create_params.BatchCreateParams["endpoint"]` allows, and `body` must
  validate as `openai.types.chat.completion_create_params.CompletionCreateParamsNonStreaming`
  with no key it does not declare.
- Anthropic Message Batches: each line must validate as
  `anthropic.types.messages.batch_create_params.Request` (custom_id, params), `params` as
  `MessageCreateParamsNonStreaming` with no key it does not declare, and custom_id must match
  the documented ^[a-zA-Z0-9_-]{1,64}$.
- Results: built as `openai.types.chat.ChatCompletion` inside the documented output line
  envelope, and as `anthropic.types.messages.MessageBatchIndividualResponse`, so that ctx's
  reader is tested on what the SDKs themselves serialize. One request of each file is answered
  as errored and one as expired (the SDKs' own result models).
- vLLM (`check-vllm`, `answer-vllm`: needs `pip install vllm`, whose models import without a
  GPU): each line must validate as run-batch's own `BatchRequestInput` (in
  vllm/entrypoints/launchers/run_batch.py of vLLM 0.33, vllm/entrypoints/openai/run_batch.py
  before), whose body validator parses a `/v1/chat/completions` body as `ChatCompletionRequest`;
  vLLM's models accept unknown keys and ignore them, so a key that lands in `model_extra` (one
  vLLM would drop) fails the check too. Results are `BatchRequestOutput` lines: answers built
  as `ChatCompletionResponse`, and a failure made by run-batch's own
  `make_error_request_output`.
"""

import json
import re
import sys
import typing

from pydantic import ConfigDict, TypeAdapter


def strict(td):
    """A TypeAdapter for TypedDict `td` that refuses keys it does not declare."""
    td.__pydantic_config__ = ConfigDict(extra="forbid")
    return TypeAdapter(td)


def keys_of(td):
    return set(typing.get_type_hints(td).keys())


def lines(path):
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                yield n, json.loads(line)


def fail(path, n, msg):
    sys.exit(f"{path}:{n}: {msg}")


def check_openai(path):
    from openai.types.batch_create_params import BatchCreateParams
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

    endpoints = set()
    for arg in typing.get_args(typing.get_type_hints(BatchCreateParams, include_extras=True)["endpoint"]):
        for a in typing.get_args(arg) or [arg]:
            endpoints.update(typing.get_args(a) or [a])
    body_adapter = strict(CompletionCreateParamsNonStreaming)
    allowed = keys_of(CompletionCreateParamsNonStreaming)
    seen = set()
    count = 0
    for n, line in lines(path):
        if set(line) != {"custom_id", "method", "url", "body"}:
            fail(path, n, f"keys {sorted(line)} are not custom_id, method, url, body")
        if not isinstance(line["custom_id"], str) or line["custom_id"] in seen:
            fail(path, n, "custom_id is not a unique string")
        seen.add(line["custom_id"])
        if line["method"] != "POST":
            fail(path, n, "method is not POST")
        if line["url"] not in endpoints:
            fail(path, n, f"url {line['url']!r} is not one of {sorted(map(str, endpoints))}")
        extra = set(line["body"]) - allowed
        if extra:
            fail(path, n, f"body keys {sorted(extra)} are not CompletionCreateParamsNonStreaming's")
        body = body_adapter.validate_python(line["body"])
        list(body["messages"])  # an Iterable field validates as it is read
        count += 1
    print(f"{path}: {count} lines valid as OpenAI batch requests (endpoints {sorted(map(str, endpoints))})")


def check_anthropic(path):
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from anthropic.types.messages.batch_create_params import Request

    adapter = strict(Request)
    allowed = keys_of(MessageCreateParamsNonStreaming)
    seen = set()
    count = 0
    for n, line in lines(path):
        extra = set(line.get("params", {})) - allowed
        if extra:
            fail(path, n, f"params keys {sorted(extra)} are not MessageCreateParamsNonStreaming's")
        req = adapter.validate_python(line)
        list(req["params"]["messages"])
        if not re.fullmatch(r"[a-zA-Z0-9_-]{1,64}", req["custom_id"]) or req["custom_id"] in seen:
            fail(path, n, "custom_id is not unique or does not match ^[a-zA-Z0-9_-]{1,64}$")
        seen.add(req["custom_id"])
        count += 1
    print(f"{path}: {count} lines valid as Anthropic Message Batches requests")


def literals(tp):
    out = set()
    for a in typing.get_args(tp) or [tp]:
        out.update(typing.get_args(a) or [a])
    return out


def check_api_fields():
    """The fields and states `ctx batch status | fetch` reads (src/llm/batches.rs), against the
    SDKs' own models of a batch and a file."""
    from anthropic.types.messages import MessageBatch, MessageBatchRequestCounts
    from openai.types import Batch, BatchRequestCounts, FileObject
    from openai.types.file_create_params import FileCreateParams

    # What ctx takes for ended (results can be fetched), and for running.
    openai_ended = {"completed", "expired", "cancelled", "failed"}
    openai_running = {"validating", "in_progress", "finalizing", "cancelling"}
    states = literals(Batch.model_fields["status"].annotation)
    if states != openai_ended | openai_running:
        sys.exit(f"openai Batch.status is {sorted(states)}, ctx knows {sorted(openai_ended | openai_running)}")
    for model, fields in [
        (Batch, {"id", "status", "request_counts", "output_file_id", "error_file_id", "errors"}),
        (BatchRequestCounts, {"completed", "failed", "total"}),
        (FileObject, {"id"}),
        (MessageBatch, {"id", "processing_status", "request_counts", "results_url"}),
        (MessageBatchRequestCounts, {"canceled", "errored", "expired", "processing", "succeeded"}),
    ]:
        missing = fields - set(model.model_fields)
        if missing:
            sys.exit(f"{model.__module__}.{model.__name__} has no {sorted(missing)}")
    if "batch" not in literals(typing.get_type_hints(FileCreateParams)["purpose"]):
        sys.exit("openai FileCreateParams.purpose has no 'batch'")
    states = literals(MessageBatch.model_fields["processing_status"].annotation)
    if states != {"in_progress", "canceling", "ended"}:
        sys.exit(f"anthropic MessageBatch.processing_status is {sorted(states)}; ctx takes 'ended' for ended")
    print("the batch and file fields ctx reads are the SDKs' (openai Batch, FileObject; anthropic MessageBatch)")


def answer(n, line):
    """The answer text of request `line`: a function of its prompt, as a scripted model's."""
    body = line.get("body") or line.get("params")
    prompt = body["messages"][-1]["content"]
    return f"summary {n}: {len(prompt)} chars"


def answer_openai(req_path, out_path):
    from openai.types.chat import ChatCompletion

    out = []
    reqs = list(lines(req_path))
    for i, (n, line) in enumerate(reqs):
        cid = line["custom_id"]
        if i == 0 and len(reqs) > 2:
            out.append({"id": f"batch_req_{n}", "custom_id": cid, "response": None,
                        "error": {"code": "batch_expired", "message": "This request could not be executed before the completion window expired."}})
            continue
        if i == 1 and len(reqs) > 2:
            body = {"error": {"message": "Invalid model", "type": "invalid_request_error", "code": "model_not_found"}}
            out.append({"id": f"batch_req_{n}", "custom_id": cid, "response": {"status_code": 400, "request_id": f"r{n}", "body": body}, "error": None})
            continue
        completion = ChatCompletion.model_validate({
            "id": f"chatcmpl-{n}", "object": "chat.completion", "created": 0, "model": line["body"]["model"],
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer(n, line)}}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13},
        })
        out.append({"id": f"batch_req_{n}", "custom_id": cid,
                    "response": {"status_code": 200, "request_id": f"r{n}", "body": json.loads(completion.model_dump_json())}, "error": None})
    write_results(out_path, [json.dumps(o) for o in out], "OpenAI")


def answer_anthropic(req_path, out_path):
    from anthropic.types.messages import MessageBatchIndividualResponse

    out = []
    reqs = list(lines(req_path))
    for i, (n, line) in enumerate(reqs):
        cid = line["custom_id"]
        if i == 0 and len(reqs) > 2:
            result = {"type": "expired"}
        elif i == 1 and len(reqs) > 2:
            result = {"type": "errored", "error": {"type": "error", "error": {"type": "invalid_request_error", "message": "prompt is too long: 210000 tokens > 200000 maximum"}}}
        else:
            result = {"type": "succeeded", "message": {
                "id": f"msg_{n}", "type": "message", "role": "assistant", "model": line["params"]["model"],
                "content": [{"type": "text", "text": answer(n, line)}], "stop_reason": "end_turn", "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 3}}}
        r = MessageBatchIndividualResponse.model_validate({"custom_id": cid, "result": result})
        out.append(r.model_dump_json())
    write_results(out_path, out, "Anthropic")


def write_results(out_path, out, who):
    """Writes the result lines `out` (JSON text) last first, as providers return results in any
    order, and says how many."""
    with open(out_path, "w", encoding="utf-8") as f:
        for o in reversed(out):
            f.write(o + "\n")
    print(f"{out_path}: {len(out)} {who} results")


def vllm_run_batch():
    try:
        from vllm.entrypoints.launchers import run_batch
    except ImportError:
        from vllm.entrypoints.openai import run_batch
    return run_batch


def check_vllm(path):
    import vllm

    run_batch = vllm_run_batch()
    count = 0
    for n, line in lines(path):
        try:
            req = run_batch.BatchRequestInput.model_validate(line)
        except Exception as e:  # pydantic's ValidationError, or the url validator's own
            fail(path, n, f"not a vLLM BatchRequestInput: {e}")
        for model in (req, req.body):
            extra = sorted((model.model_extra or {}).keys())
            if extra:
                fail(path, n, f"vLLM {type(model).__name__} would ignore {extra}")
        if type(req.body).__name__ != "ChatCompletionRequest" or (req.method, req.url) != ("POST", "/v1/chat/completions"):
            fail(path, n, f"vLLM reads this line ({req.method} {req.url}) as {type(req.body).__name__}, not as a chat completion")
        count += 1
    print(f"{path}: {count} lines valid as vLLM {vllm.__version__} BatchRequestInput (ChatCompletionRequest bodies)")


def answer_vllm(req_path, out_path):
    import vllm

    run_batch = vllm_run_batch()
    proto = sys.modules[type(run_batch.BatchRequestInput.model_validate(next(lines(req_path))[1]).body).__module__]
    out = []
    reqs = list(lines(req_path))
    for i, (n, line) in enumerate(reqs):
        req = run_batch.BatchRequestInput.model_validate(line)
        if i == 1 and len(reqs) > 2:
            # What run-batch writes when a request fails before the engine answers it.
            out.append(run_batch.make_error_request_output(req, "The prompt is too long for this model").model_dump_json())
            continue
        body = proto.ChatCompletionResponse(
            id=f"chatcmpl-{n}", model=line["body"]["model"],
            choices=[proto.ChatCompletionResponseChoice(index=0, finish_reason="stop",
                                                        message=proto.ChatMessage(role="assistant", content=answer(n, line)))],
            usage=vllm.entrypoints.openai.engine.protocol.UsageInfo(prompt_tokens=10, completion_tokens=3, total_tokens=13)
            if hasattr(vllm.entrypoints.openai, "engine") else {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13},
        )
        o = run_batch.BatchRequestOutput(id=f"vllm-{n}", custom_id=req.custom_id,
                                         response=run_batch.BatchResponseData(request_id=f"vllm-batch-{n}", body=body), error=None)
        out.append(o.model_dump_json())
    write_results(out_path, out, f"vLLM {vllm.__version__}")


def main():
    cmd, *rest = sys.argv[1:] or ["help"]
    commands = {"check-openai": check_openai, "check-anthropic": check_anthropic, "check-api-fields": check_api_fields,
                "answer-openai": answer_openai, "answer-anthropic": answer_anthropic,
                "check-vllm": check_vllm, "answer-vllm": answer_vllm}
    if cmd not in commands:
        sys.exit(__doc__)
    commands[cmd](*rest)


if __name__ == "__main__":
    main()
