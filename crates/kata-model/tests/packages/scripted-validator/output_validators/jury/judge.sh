#!/bin/sh
# The output validator interface: input answer feedback_dir, the team's output on stdin.
read -r got || got=""
expected=$(cat "$2")
if [ "$got" = "$expected" ]; then
    exit 42
fi
echo "expected $expected, got $got" > "$3/judgemessage.txt"
exit 43
