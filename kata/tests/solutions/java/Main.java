// Every stage of the Tic-Tac-Toe kata in Java, correct on every fixture. Test data for kata's
// tests: copied into a project's stage N with __STAGE__ replaced by N.

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

public class Main {
    static final int STAGE = __STAGE__;
    static final int[][] LINES = {
        {0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}
    };
    static final InputStream IN = new BufferedInputStream(System.in);
    static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.US_ASCII);
    static char[] cells = "_________".toCharArray();

    /** The input ended at a prompt. */
    static final class InputEnded extends Exception {
        InputEnded(String awaited) {
            super(awaited);
        }
    }

    /** The next line, without its ending and trimmed of ASCII white space; null at the end. */
    static String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        boolean any = false;
        while ((c = IN.read()) != -1) {
            any = true;
            if (c == '\n') {
                break;
            }
            if (line.size() < 4096) {
                line.write(c);
            }
        }
        if (!any) {
            return null;
        }
        // Bytes that are not ASCII become '?', which no answer accepts.
        return line.toString(StandardCharsets.US_ASCII).replace('\uFFFD', '?').strip();
    }

    static String ask(String prompt, String awaited) throws IOException, InputEnded {
        OUT.print(prompt);
        OUT.flush();
        String answer = readLine();
        if (answer == null) {
            throw new InputEnded(awaited);
        }
        return answer;
    }

    static void printGrid() {
        OUT.print("---------\n");
        for (int row = 0; row < 3; row++) {
            OUT.print("| " + cells[row * 3] + " " + cells[row * 3 + 1] + " " + cells[row * 3 + 2] + " |\n");
        }
        OUT.print("---------\n");
    }

    static boolean wins(char mark) {
        for (int[] line : LINES) {
            if (cells[line[0]] == mark && cells[line[1]] == mark && cells[line[2]] == mark) {
                return true;
            }
        }
        return false;
    }

    static int count(char mark) {
        int n = 0;
        for (char cell : cells) {
            if (cell == mark) {
                n++;
            }
        }
        return n;
    }

    static void askCells() throws IOException, InputEnded {
        while (true) {
            String answer = ask("Enter cells: ", "the cells were entered");
            if (answer.matches("[XO_]{9}")) {
                cells = answer.toCharArray();
                return;
            }
            OUT.print("You should enter 9 symbols: X, O or _!\n");
        }
    }

    /** A coordinate's 0-based index, -1 when not an integer, -2 when outside 1 to 3. */
    static int coordinate(String word) {
        if (!word.matches("[+-]?[0-9]+")) {
            return -1;
        }
        boolean negative = word.startsWith("-");
        String digits = word.replaceFirst("^[+-]?0*", "");
        if (!negative && digits.matches("[1-3]")) {
            return digits.charAt(0) - '1';
        }
        return -2;
    }

    static int askMove(String awaited) throws IOException, InputEnded {
        while (true) {
            String answer = ask("Enter the coordinates: ", awaited);
            String[] words = answer.isEmpty() ? new String[0] : answer.split("[ \\t\\x0B\\f\\r]+");
            int row = words.length == 2 ? coordinate(words[0]) : -1;
            int column = words.length == 2 ? coordinate(words[1]) : -1;
            if (row == -1 || column == -1) {
                OUT.print("You should enter numbers!\n");
            } else if (row == -2 || column == -2) {
                OUT.print("Coordinates should be from 1 to 3!\n");
            } else if (cells[row * 3 + column] != '_') {
                OUT.print("This cell is occupied! Choose another one!\n");
            } else {
                return row * 3 + column;
            }
        }
    }

    static void run() throws IOException, InputEnded {
        if (STAGE == 1) {
            OUT.print("X O X\nO X O\nX X O\n");
        } else if (STAGE <= 4) {
            askCells();
            printGrid();
            if (STAGE == 3) {
                boolean xWins = wins('X');
                boolean oWins = wins('O');
                if ((xWins && oWins) || Math.abs(count('X') - count('O')) >= 2) {
                    OUT.print("Impossible\n");
                } else if (xWins) {
                    OUT.print("X wins\n");
                } else if (oWins) {
                    OUT.print("O wins\n");
                } else if (count('_') == 0) {
                    OUT.print("Draw\n");
                } else {
                    OUT.print("Game not finished\n");
                }
            } else if (STAGE == 4) {
                cells[askMove("a move was made")] = 'X';
                printGrid();
            }
        } else {
            char mark = 'X';
            printGrid();
            while (true) {
                cells[askMove("the game was over")] = mark;
                printGrid();
                if (wins(mark)) {
                    OUT.print(mark + " wins\n");
                    break;
                }
                if (count('_') == 0) {
                    OUT.print("Draw\n");
                    break;
                }
                mark = mark == 'X' ? 'O' : 'X';
            }
        }
    }

    public static void main(String[] args) throws IOException {
        try {
            run();
            OUT.flush();
        } catch (InputEnded ended) {
            OUT.flush();
            System.err.println("stage" + STAGE + ": input ended before " + ended.getMessage());
            System.exit(1);
        }
    }
}
