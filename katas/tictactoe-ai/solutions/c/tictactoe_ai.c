/* Tic-Tac-Toe with AI, every stage in one program: `./tictactoe_ai STAGE`.
 *
 * A correct solution in another language than the reference, graded by the kata's fixtures and
 * rules like any learner's program. */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

/* Reads a line, trimmed, into `line`; returns 0 at the end of the input. A longer line is cut,
 * which no valid answer is. */
static int ask(const char *prompt, char *line, size_t size) {
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(line, (int)size, stdin)) return 0;
    if (!strchr(line, '\n')) {
        int c;
        while ((c = getchar()) != '\n' && c != EOF) {}
    }
    size_t start = 0, end = strlen(line);
    while (start < end && isspace((unsigned char)line[start])) start++;
    while (end > start && isspace((unsigned char)line[end - 1])) end--;
    memmove(line, line + start, end - start);
    line[end - start] = '\0';
    return 1;
}

static void input_ended(void) {
    fprintf(stderr, "tictactoe_ai: input ended before the game was over\n");
    exit(1);
}

static void show(const char *cells) {
    printf("---------\n");
    for (int row = 0; row < 3; row++)
        printf("| %c %c %c |\n", cells[row * 3], cells[row * 3 + 1], cells[row * 3 + 2]);
    printf("---------\n");
}

static int has_line(const char *cells, char mark) {
    for (int i = 0; i < 8; i++)
        if (cells[LINES[i][0]] == mark && cells[LINES[i][1]] == mark && cells[LINES[i][2]] == mark)
            return 1;
    return 0;
}

static int count(const char *cells, char mark) {
    int n = 0;
    for (int i = 0; i < 9; i++) n += cells[i] == mark;
    return n;
}

static const char *state(const char *cells) {
    int d = count(cells, 'X') - count(cells, 'O');
    int x = has_line(cells, 'X'), o = has_line(cells, 'O');
    if ((d != 0 && d != 1) || (x && o)) return "Impossible";
    if (x) return "X wins";
    if (o) return "O wins";
    if (!count(cells, '_')) return "Draw";
    return "Game not finished";
}

static int is_integer(const char *word) {
    if (*word == '+' || *word == '-') word++;
    if (!*word) return 0;
    for (; *word; word++)
        if (*word < '0' || *word > '9') return 0;
    return 1;
}

/* Whether `word`, an integer, is 1, 2 or 3; its value in `out`. */
static int in_range(const char *word, int *out) {
    if (*word == '+') word++;
    if (*word == '-') return 0;
    while (*word == '0' && word[1]) word++;
    if (strlen(word) != 1 || *word < '1' || *word > '3') return 0;
    *out = *word - '0';
    return 1;
}

static int ask_move(const char *cells) {
    char line[256];
    for (;;) {
        if (!ask("Enter the coordinates: ", line, sizeof line)) input_ended();
        char *words[3] = {0};
        int n = 0;
        for (char *word = strtok(line, " \t"); word; word = strtok(NULL, " \t")) {
            if (n < 3) words[n] = word;
            n++;
        }
        if (n != 2 || !is_integer(words[0]) || !is_integer(words[1])) {
            printf("You should enter numbers!\n");
            continue;
        }
        int row, column;
        if (!in_range(words[0], &row) || !in_range(words[1], &column)) {
            printf("Coordinates should be from 1 to 3!\n");
            continue;
        }
        int cell = (row - 1) * 3 + column - 1;
        if (cells[cell] != '_') {
            printf("This cell is occupied! Choose another one!\n");
            continue;
        }
        return cell;
    }
}

/* The minimax value for `mover`: 1 win, 0 draw, -1 loss. */
static int value(char *cells, char mover) {
    char other = mover == 'X' ? 'O' : 'X';
    if (has_line(cells, other)) return -1;
    if (!count(cells, '_')) return 0;
    int best = -2;
    for (int c = 0; c < 9; c++) {
        if (cells[c] != '_') continue;
        cells[c] = mover;
        int v = -value(cells, other);
        cells[c] = '_';
        if (v > best) best = v;
    }
    return best;
}

/* The cells where `mark` completes a line, in `out`; their number. */
static int completing(char *cells, char mark, int *out) {
    int n = 0;
    for (int c = 0; c < 9; c++) {
        if (cells[c] != '_') continue;
        cells[c] = mark;
        if (has_line(cells, mark)) out[n++] = c;
        cells[c] = '_';
    }
    return n;
}

static int computer_move(char *cells, char mover, const char *level) {
    char other = mover == 'X' ? 'O' : 'X';
    int choices[9], n = 0;
    if (!strcmp(level, "medium")) {
        n = completing(cells, mover, choices);
        if (!n) n = completing(cells, other, choices);
    } else if (!strcmp(level, "hard")) {
        int best = -2, values[9];
        for (int c = 0; c < 9; c++) {
            if (cells[c] != '_') continue;
            cells[c] = mover;
            values[c] = -value(cells, other);
            cells[c] = '_';
            if (values[c] > best) best = values[c];
        }
        for (int c = 0; c < 9; c++)
            if (cells[c] == '_' && values[c] == best) choices[n++] = c;
    }
    if (!n)
        for (int c = 0; c < 9; c++)
            if (cells[c] == '_') choices[n++] = c;
    return choices[rand() % n];
}

static void game(const char *x_player, const char *o_player) {
    char cells[10] = "_________";
    show(cells);
    char mover = 'X';
    for (;;) {
        const char *player = mover == 'X' ? x_player : o_player;
        int cell;
        if (!strcmp(player, "user")) {
            cell = ask_move(cells);
        } else {
            printf("Making move level \"%s\"\n", player);
            cell = computer_move(cells, mover, player);
        }
        cells[cell] = mover;
        show(cells);
        const char *now = state(cells);
        if (strcmp(now, "Game not finished")) {
            printf("%s\n", now);
            return;
        }
        mover = mover == 'X' ? 'O' : 'X';
    }
}

static void setup(void) {
    char line[256];
    for (;;) {
        if (!ask("Enter cells: ", line, sizeof line)) input_ended();
        if (strlen(line) == 9 && strspn(line, "XO_") == 9) break;
        printf("You should enter 9 symbols: X, O or _!\n");
    }
    show(line);
    if (strcmp(state(line), "Game not finished")) {
        printf("%s\n", state(line));
        return;
    }
    char mark = count(line, 'X') == count(line, 'O') ? 'X' : 'O';
    line[ask_move(line)] = mark;
    show(line);
    printf("%s\n", state(line));
}

static int known(const char *word, int stage) {
    return !strcmp(word, "user") || !strcmp(word, "easy") ||
           (stage >= 4 && !strcmp(word, "medium")) || (stage >= 5 && !strcmp(word, "hard"));
}

static void menu(int stage) {
    char line[256];
    while (ask("Input command: ", line, sizeof line)) {
        char *words[4] = {0};
        int n = 0;
        for (char *word = strtok(line, " \t"); word; word = strtok(NULL, " \t")) {
            if (n < 4) words[n] = word;
            n++;
        }
        if (n == 1 && !strcmp(words[0], "exit")) return;
        if (n == 3 && !strcmp(words[0], "start") && known(words[1], stage) &&
            known(words[2], stage))
            game(words[1], words[2]);
        else
            printf("Bad parameters!\n");
    }
}

int main(int argc, char **argv) {
    srand((unsigned)time(NULL) ^ (unsigned)getpid() << 8);
    int stage = argc > 1 ? atoi(argv[1]) : 5;
    if (stage == 1) setup();
    else if (stage == 2) game("user", "easy");
    else menu(stage);
    return 0;
}
