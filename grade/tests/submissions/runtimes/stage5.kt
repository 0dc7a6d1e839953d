// Stage 5 of the Tic-Tac-Toe kata in Kotlin, reading each answer with readLine().
import kotlin.system.exitProcess

val LINES = listOf(listOf(0, 1, 2), listOf(3, 4, 5), listOf(6, 7, 8), listOf(0, 3, 6),
    listOf(1, 4, 7), listOf(2, 5, 8), listOf(0, 4, 8), listOf(2, 4, 6))

fun show(cells: CharArray) {
    println("---------")
    for (row in 0..2) {
        println("| ${cells[row * 3]} ${cells[row * 3 + 1]} ${cells[row * 3 + 2]} |")
    }
    println("---------")
}

fun oneToThree(word: String): Int {
    val digits = word.replaceFirst(Regex("^\\+?0*"), "")
    return if (digits.matches(Regex("[1-3]"))) digits.toInt() else 0
}

fun main() {
    val cells = CharArray(9) { '_' }
    var mark = 'X'
    show(cells)
    while (true) {
        print("Enter the coordinates: ")
        System.out.flush()
        val line = readLine()
        if (line == null) {
            System.err.println("stage5: input ended before the game was over")
            exitProcess(1)
        }
        val words = line.trim().split(Regex("\\s+"))
        if (words.size != 2 || !words.all { it.matches(Regex("[+-]?[0-9]+")) }) {
            println("You should enter numbers!")
            continue
        }
        val row = oneToThree(words[0])
        val column = oneToThree(words[1])
        if (row == 0 || column == 0) {
            println("Coordinates should be from 1 to 3!")
            continue
        }
        val index = (row - 1) * 3 + column - 1
        if (cells[index] != '_') {
            println("This cell is occupied! Choose another one!")
            continue
        }
        cells[index] = mark
        show(cells)
        if (LINES.any { line3 -> line3.all { cells[it] == mark } }) {
            println("$mark wins")
            return
        }
        if ('_' !in cells) {
            println("Draw")
            return
        }
        mark = if (mark == 'X') 'O' else 'X'
    }
}
