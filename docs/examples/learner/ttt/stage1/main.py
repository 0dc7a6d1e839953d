# Stage 1 of the Tic-Tac-Toe kata: Welcome to the battlefield!
# The task is in README.md in this folder; `kata check` grades this program.


def main():
    print("X O X")
    print("O X O")
    print("X X O")


if __name__ == "__main__":
    main()
