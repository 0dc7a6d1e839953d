// Stage 5 of the Tic-Tac-Toe kata in C#, reading each answer with Console.ReadLine.
using System;
using System.Linq;
using System.Text.RegularExpressions;

public static class Stage5
{
    static readonly int[][] Lines = {
        new[] { 0, 1, 2 }, new[] { 3, 4, 5 }, new[] { 6, 7, 8 }, new[] { 0, 3, 6 },
        new[] { 1, 4, 7 }, new[] { 2, 5, 8 }, new[] { 0, 4, 8 }, new[] { 2, 4, 6 },
    };

    static void Show(char[] cells)
    {
        Console.WriteLine("---------");
        for (int row = 0; row < 3; row++)
        {
            Console.WriteLine($"| {cells[row * 3]} {cells[row * 3 + 1]} {cells[row * 3 + 2]} |");
        }
        Console.WriteLine("---------");
    }

    public static int Main()
    {
        var number = new Regex("^[+-]?[0-9]+$");
        var oneToThree = new Regex("^\\+?0*([1-3])$");
        var cells = Enumerable.Repeat('_', 9).ToArray();
        char mark = 'X';
        Show(cells);
        while (true)
        {
            Console.Write("Enter the coordinates: ");
            string line = Console.ReadLine();
            if (line == null)
            {
                Console.Error.WriteLine("stage5: input ended before the game was over");
                return 1;
            }
            var words = line.Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
            if (words.Length != 2 || !words.All(word => number.IsMatch(word)))
            {
                Console.WriteLine("You should enter numbers!");
                continue;
            }
            var row = oneToThree.Match(words[0]);
            var column = oneToThree.Match(words[1]);
            if (!row.Success || !column.Success)
            {
                Console.WriteLine("Coordinates should be from 1 to 3!");
                continue;
            }
            int index = (int.Parse(row.Groups[1].Value) - 1) * 3 + int.Parse(column.Groups[1].Value) - 1;
            if (cells[index] != '_')
            {
                Console.WriteLine("This cell is occupied! Choose another one!");
                continue;
            }
            cells[index] = mark;
            Show(cells);
            if (Lines.Any(three => three.All(i => cells[i] == mark)))
            {
                Console.WriteLine($"{mark} wins");
                return 0;
            }
            if (!cells.Contains('_'))
            {
                Console.WriteLine("Draw");
                return 0;
            }
            mark = mark == 'X' ? 'O' : 'X';
        }
    }
}
