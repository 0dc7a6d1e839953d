// Stage 5 of the Tic-Tac-Toe kata in Go, reading each answer with a bufio.Scanner.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
var number = regexp.MustCompile(`^[+-]?[0-9]+$`)
var oneToThree = regexp.MustCompile(`^\+?0*([1-3])$`)

func show(cells []byte) {
	fmt.Println("---------")
	for row := 0; row < 3; row++ {
		fmt.Printf("| %c %c %c |\n", cells[row*3], cells[row*3+1], cells[row*3+2])
	}
	fmt.Println("---------")
}

func main() {
	cells := []byte("_________")
	mark := byte('X')
	scanner := bufio.NewScanner(os.Stdin)
	show(cells)
	for {
		fmt.Print("Enter the coordinates: ")
		if !scanner.Scan() {
			fmt.Fprintln(os.Stderr, "stage5: input ended before the game was over")
			os.Exit(1)
		}
		words := strings.Fields(scanner.Text())
		if len(words) != 2 || !number.MatchString(words[0]) || !number.MatchString(words[1]) {
			fmt.Println("You should enter numbers!")
			continue
		}
		row, column := oneToThree.FindStringSubmatch(words[0]), oneToThree.FindStringSubmatch(words[1])
		if row == nil || column == nil {
			fmt.Println("Coordinates should be from 1 to 3!")
			continue
		}
		index := int(row[1][0]-'1')*3 + int(column[1][0]-'1')
		if cells[index] != '_' {
			fmt.Println("This cell is occupied! Choose another one!")
			continue
		}
		cells[index] = mark
		show(cells)
		for _, line := range lines {
			if cells[line[0]] == mark && cells[line[1]] == mark && cells[line[2]] == mark {
				fmt.Printf("%c wins\n", mark)
				return
			}
		}
		if !strings.Contains(string(cells), "_") {
			fmt.Println("Draw")
			return
		}
		if mark == 'X' {
			mark = 'O'
		} else {
			mark = 'X'
		}
	}
}
