# Stage 3 of the Calculator kata, the reference: as stage 2, and any other line is answered
# with `Invalid expression!`; at the end of input without `exit`, `Bye!` and exit status 1.
# POSIX sh, as dash runs it: `sh reference/stage3.sh`.

# Whether $1 is a number of this kata: 1 to 9 digits 0-9, nothing else.
is_number() {
    case $1 in
        '' | *[!0-9]* | ??????????*) return 1 ;;
    esac
}

# Prints the number $1 without its leading zeros, which $(( )) would read as octal: 007 is 7.
decimal() {
    digits=${1#"${1%%[!0]*}"}
    printf '%s' "${digits:-0}"
}

# Reads the line $1 as `A OP B` into $a, $op and $b, single spaces around OP and no other;
# fails when it is not exactly that.
parse() {
    case $1 in
        *' '*' '*) ;;
        *) return 1 ;;
    esac
    a=${1%% *}
    rest=${1#* }
    op=${rest%% *}
    b=${rest#* }
    is_number "$a" && is_number "$b" || return 1
    case $op in
        + | - | \* | /) ;;
        *) return 1 ;;
    esac
    a=$(decimal "$a")
    b=$(decimal "$b")
}

while :; do
    printf 'Enter an expression: '
    # The last line counts even without a final newline; no line at all is the end of input.
    if ! IFS= read -r line && [ -z "$line" ]; then
        printf 'Bye!\n'
        exit 1
    fi
    [ "$line" = exit ] && break
    if ! parse "$line"; then
        printf 'Invalid expression!\n'
        continue
    fi
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
