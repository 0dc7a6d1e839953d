// Stage 5 of the Tic-Tac-Toe kata in Java, reading each answer with Scanner.nextLine.

import java.util.Arrays;
import java.util.Scanner;

public class Stage5 {
    private static final int[][] LINES = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
        {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

    private static void show(char[] cells) {
        System.out.println("---------");
        for (int row = 0; row < 3; row++) {
            System.out.printf("| %c %c %c |%n", cells[row * 3], cells[row * 3 + 1], cells[row * 3 + 2]);
        }
        System.out.println("---------");
    }

    private static int oneToThree(String word) {
        String digits = word.replaceFirst("^\\+?0*", "");
        return digits.matches("[1-3]") ? digits.charAt(0) - '0' : 0;
    }

    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        char[] cells = new char[9];
        Arrays.fill(cells, '_');
        char mark = 'X';
        show(cells);
        while (true) {
            System.out.print("Enter the coordinates: ");
            if (!scanner.hasNextLine()) {
                System.err.println("stage5: input ended before the game was over");
                System.exit(1);
            }
            String[] words = scanner.nextLine().trim().split("\\s+");
            if (words.length != 2 || !words[0].matches("[+-]?[0-9]+") || !words[1].matches("[+-]?[0-9]+")) {
                System.out.println("You should enter numbers!");
                continue;
            }
            int row = oneToThree(words[0]);
            int column = oneToThree(words[1]);
            if (row == 0 || column == 0) {
                System.out.println("Coordinates should be from 1 to 3!");
                continue;
            }
            int index = (row - 1) * 3 + column - 1;
            if (cells[index] != '_') {
                System.out.println("This cell is occupied! Choose another one!");
                continue;
            }
            cells[index] = mark;
            show(cells);
            for (int[] line : LINES) {
                if (cells[line[0]] == mark && cells[line[1]] == mark && cells[line[2]] == mark) {
                    System.out.println(mark + " wins");
                    return;
                }
            }
            if (new String(cells).indexOf('_') < 0) {
                System.out.println("Draw");
                return;
            }
            mark = mark == 'X' ? 'O' : 'X';
        }
    }
}
