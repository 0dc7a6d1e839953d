# Stage 5 of the Tic-Tac-Toe kata in Ruby, reading each answer with gets.
$stdout.sync = true
LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

def show(cells)
  puts "---------"
  3.times { |row| puts "| #{cells[row * 3, 3].join(' ')} |" }
  puts "---------"
end

cells = Array.new(9, "_")
mark = "X"
show(cells)
loop do
  print "Enter the coordinates: "
  line = gets
  if line.nil?
    warn "stage5: input ended before the game was over"
    exit 1
  end
  words = line.split
  unless words.length == 2 && words.all? { |word| word.match?(/\A[+-]?[0-9]+\z/) }
    puts "You should enter numbers!"
    next
  end
  found = words.map { |word| word[/\A\+?0*([1-3])\z/, 1] }
  if found.include?(nil)
    puts "Coordinates should be from 1 to 3!"
    next
  end
  index = (found[0].to_i - 1) * 3 + found[1].to_i - 1
  if cells[index] != "_"
    puts "This cell is occupied! Choose another one!"
    next
  end
  cells[index] = mark
  show(cells)
  if LINES.any? { |line3| line3.all? { |i| cells[i] == mark } }
    puts "#{mark} wins"
    exit 0
  end
  if !cells.include?("_")
    puts "Draw"
    exit 0
  end
  mark = mark == "X" ? "O" : "X"
end
