"""The library added to each Python 3 submission: reads the input and writes the answer."""
import sys


def values():
    words = sys.stdin.read().split()
    return [int(word) for word in words[1 : 1 + int(words[0])]]


def answer(value):
    print(value)
