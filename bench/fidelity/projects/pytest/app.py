"""The code under test."""
import json


def total(xs):
    return sum(abs(x) for x in xs)


def _load(text):
    return json.loads(text)


def parse_config(text):
    return _load(text)
