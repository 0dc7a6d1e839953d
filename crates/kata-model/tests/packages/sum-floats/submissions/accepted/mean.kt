// The mean of the numbers, as Kotlin prints a Double.
fun main() {
    val n = readLine()!!.trim().toInt()
    val numbers = readLine()!!.trim().split(Regex("\\s+")).map { it.toDouble() }
    println(numbers.take(n).sum() / n)
}
