# Stage 1 of the Calculator kata, the reference: the sum of two numbers.
# POSIX sh, as dash runs it: `sh reference/stage1.sh`.

# Prints the number $1 without its leading zeros, which $(( )) would read as octal: 007 is 7.
decimal() {
    digits=${1#"${1%%[!0]*}"}
    printf '%s' "${digits:-0}"
}

printf 'Enter two numbers: '
# The last line counts even without a final newline; no line at all is no answer.
IFS= read -r line || [ -n "$line" ] || exit 1
a=$(decimal "${line%% *}")
b=$(decimal "${line#* }")
printf '%s\n' "$((a + b))"
