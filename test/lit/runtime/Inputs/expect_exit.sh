#!/usr/bin/env bash
# expect_exit.sh STATUS COMMAND [ARGS...]
# Runs COMMAND (its stdout and stderr pass through) and succeeds only if it exits with
# exactly STATUS; otherwise says what it got and fails. (lit's `not` only knows "non-zero".)
want=$1; shift
"$@"; got=$?
if [ "$got" -ne "$want" ]; then
  echo "expect_exit: '$*' exited with $got, expected $want" >&2
  exit 1
fi
exit 0
