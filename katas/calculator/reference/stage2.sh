# Stage 2 of the Calculator kata, the reference: expressions `A OP B` until `exit`.
# POSIX sh, as dash runs it: `sh reference/stage2.sh`. Every line of this stage's input is
# `exit` or a valid expression; stage 3 deals with the others.

# Prints the number $1 without its leading zeros, which $(( )) would read as octal: 007 is 7.
decimal() {
    digits=${1#"${1%%[!0]*}"}
    printf '%s' "${digits:-0}"
}

while :; do
    printf 'Enter an expression: '
    # The last line counts even without a final newline; this stage's input ends with `exit`.
    IFS= read -r line || [ -n "$line" ] || exit 1
    [ "$line" = exit ] && break
    rest=${line#* }
    a=$(decimal "${line%% *}")
    op=${rest%% *}
    b=$(decimal "${rest#* }")
    case $op in
        +) printf '%s\n' "$((a + b))" ;;
        -) printf '%s\n' "$((a - b))" ;;
        \*) printf '%s\n' "$((a * b))" ;;
        /)
            if [ "$b" -eq 0 ]; then
                printf 'Division by zero!\n'
            else
                # $(( )) divides as C does: truncated toward zero.
                printf '%s\n' "$((a / b))"
            fi
            ;;
    esac
done
printf 'Bye!\n'
