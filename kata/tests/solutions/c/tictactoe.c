/* Every stage of the Tic-Tac-Toe kata in C, correct on every fixture; it compiles as C++ too.
 * Test data for kata's tests: copied into a project's stage N with __STAGE__ replaced by N. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STAGE __STAGE__
#define LINE_MAX_KEPT 256

static char cells[10] = "_________";

/* Reads one line without its ending into `line`; 0 when the input has ended before any byte.
 * A line longer than the buffer is cut, and marked so that it is never a valid answer. */
static int read_line(char *line, int *too_long) {
    int c, length = 0, any = 0;
    *too_long = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n') {
            break;
        }
        if (length < LINE_MAX_KEPT - 1) {
            line[length++] = (char)c;
        } else {
            *too_long = 1;
        }
    }
    line[length] = '\0';
    return any;
}

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static char *trim(char *text) {
    size_t end;
    while (is_space(*text)) {
        text++;
    }
    end = strlen(text);
    while (end > 0 && is_space(text[end - 1])) {
        text[--end] = '\0';
    }
    return text;
}

static void input_ended(const char *awaited) {
    fprintf(stderr, "stage%d: input ended before %s\n", STAGE, awaited);
    exit(1);
}

static void print_grid(void) {
    int row;
    printf("---------\n");
    for (row = 0; row < 3; row++) {
        printf("| %c %c %c |\n", cells[row * 3], cells[row * 3 + 1], cells[row * 3 + 2]);
    }
    printf("---------\n");
}

static void ask_cells(void) {
    char buffer[LINE_MAX_KEPT];
    int too_long, i, valid;
    for (;;) {
        char *answer;
        printf("Enter cells: ");
        fflush(stdout);
        if (!read_line(buffer, &too_long)) {
            input_ended("the cells were entered");
        }
        answer = trim(buffer);
        valid = !too_long && strlen(answer) == 9;
        for (i = 0; valid && i < 9; i++) {
            valid = answer[i] == 'X' || answer[i] == 'O' || answer[i] == '_';
        }
        if (valid) {
            memcpy(cells, answer, 9);
            return;
        }
        printf("You should enter 9 symbols: X, O or _!\n");
    }
}

static int wins(char mark) {
    static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    int i;
    for (i = 0; i < 8; i++) {
        if (cells[lines[i][0]] == mark && cells[lines[i][1]] == mark &&
            cells[lines[i][2]] == mark) {
            return 1;
        }
    }
    return 0;
}

static int count(char mark) {
    int i, n = 0;
    for (i = 0; i < 9; i++) {
        n += cells[i] == mark;
    }
    return n;
}

/* A coordinate word: its 0-based index, -1 when not an integer, -2 when outside 1 to 3. */
static int coordinate(const char *word) {
    const char *digits = word;
    int negative = 0;
    if (*digits == '+' || *digits == '-') {
        negative = *digits == '-';
        digits++;
    }
    if (*digits == '\0' || strspn(digits, "0123456789") != strlen(digits)) {
        return -1;
    }
    while (*digits == '0' && digits[1] != '\0') {
        digits++;
    }
    if (!negative && strlen(digits) == 1 && *digits >= '1' && *digits <= '3') {
        return *digits - '1';
    }
    return -2;
}

/* Asks until an answer passes the three rules; the index of the cell it names. */
static int ask_move(const char *awaited) {
    char buffer[LINE_MAX_KEPT];
    int too_long;
    for (;;) {
        char *words[3];
        int count_words = 0, row, column;
        char *word;
        printf("Enter the coordinates: ");
        fflush(stdout);
        if (!read_line(buffer, &too_long)) {
            input_ended(awaited);
        }
        for (word = strtok(buffer, " \t\r\v\f"); word != NULL && count_words < 3;
             word = strtok(NULL, " \t\r\v\f")) {
            words[count_words++] = word;
        }
        row = count_words == 2 ? coordinate(words[0]) : -1;
        column = count_words == 2 ? coordinate(words[1]) : -1;
        if (too_long || row == -1 || column == -1) {
            printf("You should enter numbers!\n");
        } else if (row == -2 || column == -2) {
            printf("Coordinates should be from 1 to 3!\n");
        } else if (cells[row * 3 + column] != '_') {
            printf("This cell is occupied! Choose another one!\n");
        } else {
            return row * 3 + column;
        }
    }
}

int main(void) {
    if (STAGE == 1) {
        printf("X O X\nO X O\nX X O\n");
    } else if (STAGE <= 4) {
        ask_cells();
        print_grid();
        if (STAGE == 3) {
            int x_wins = wins('X'), o_wins = wins('O'), difference = count('X') - count('O');
            if ((x_wins && o_wins) || abs(difference) >= 2) {
                printf("Impossible\n");
            } else if (x_wins) {
                printf("X wins\n");
            } else if (o_wins) {
                printf("O wins\n");
            } else if (count('_') == 0) {
                printf("Draw\n");
            } else {
                printf("Game not finished\n");
            }
        } else if (STAGE == 4) {
            cells[ask_move("a move was made")] = 'X';
            print_grid();
        }
    } else {
        char mark = 'X';
        print_grid();
        for (;;) {
            cells[ask_move("the game was over")] = mark;
            print_grid();
            if (wins(mark)) {
                printf("%c wins\n", mark);
                break;
            }
            if (count('_') == 0) {
                printf("Draw\n");
                break;
            }
            mark = mark == 'X' ? 'O' : 'X';
        }
    }
    return 0;
}
