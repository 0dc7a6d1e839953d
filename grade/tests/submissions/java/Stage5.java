// Stage 5 of the Tic-Tac-Toe kata in Java, with two faults a learner might make: a win on the
// bottom row goes unseen (the rows are checked up to `row < 2`), and the end of the input is not
// expected, so the game asks again and Scanner throws. Run as a single file: `java Stage5.java`.

import java.util.Arrays;
import java.util.Scanner;

public class Stage5 {
    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        char[][] grid = new char[3][3];
        for (char[] row : grid) {
            Arrays.fill(row, '_');
        }
        print(grid);
        char mark = 'X';
        for (int moves = 1; ; moves++) {
            int[] cell = askForCell(scanner, grid);
            grid[cell[0]][cell[1]] = mark;
            print(grid);
            if (wins(grid, mark)) {
                System.out.println(mark + " wins");
                return;
            }
            if (moves == 9) {
                System.out.println("Draw");
                return;
            }
            mark = mark == 'X' ? 'O' : 'X';
        }
    }

    static int[] askForCell(Scanner scanner, char[][] grid) {
        while (true) {
            System.out.print("Enter the coordinates: ");
            System.out.flush();
            String[] words = scanner.nextLine().trim().split("\\s+");
            int row;
            int column;
            try {
                if (words.length != 2) {
                    throw new NumberFormatException();
                }
                row = Integer.parseInt(words[0]);
                column = Integer.parseInt(words[1]);
            } catch (NumberFormatException notNumbers) {
                System.out.println("You should enter numbers!");
                continue;
            }
            if (row < 1 || row > 3 || column < 1 || column > 3) {
                System.out.println("Coordinates should be from 1 to 3!");
            } else if (grid[row - 1][column - 1] != '_') {
                System.out.println("This cell is occupied! Choose another one!");
            } else {
                return new int[] {row - 1, column - 1};
            }
        }
    }

    static void print(char[][] grid) {
        System.out.println("---------");
        for (char[] row : grid) {
            System.out.println("| " + row[0] + " " + row[1] + " " + row[2] + " |");
        }
        System.out.println("---------");
    }

    static boolean wins(char[][] grid, char mark) {
        for (int row = 0; row < 2; row++) {
            if (grid[row][0] == mark && grid[row][1] == mark && grid[row][2] == mark) {
                return true;
            }
        }
        for (int column = 0; column < 3; column++) {
            if (grid[0][column] == mark && grid[1][column] == mark && grid[2][column] == mark) {
                return true;
            }
        }
        boolean down = grid[0][0] == mark && grid[1][1] == mark && grid[2][2] == mark;
        boolean up = grid[2][0] == mark && grid[1][1] == mark && grid[0][2] == mark;
        return down || up;
    }
}
