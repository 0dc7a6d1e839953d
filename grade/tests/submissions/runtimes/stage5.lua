-- Stage 5 of the Tic-Tac-Toe kata in Lua, reading each answer with io.read("l").
local LINES = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 }, { 1, 4, 7 }, { 2, 5, 8 }, { 3, 6, 9 }, { 1, 5, 9 }, { 3, 5, 7 } }
local cells = { "_", "_", "_", "_", "_", "_", "_", "_", "_" }
local mark = "X"

local function show()
  io.write("---------\n")
  for row = 0, 2 do
    io.write("| " .. cells[row * 3 + 1] .. " " .. cells[row * 3 + 2] .. " " .. cells[row * 3 + 3] .. " |\n")
  end
  io.write("---------\n")
end

local function one_to_three(word)
  return word:match("^%+?0*([1-3])$")
end

show()
while true do
  io.write("Enter the coordinates: ")
  io.stdout:flush()
  local line = io.read("l")
  if line == nil then
    io.stderr:write("stage5: input ended before the game was over\n")
    os.exit(1)
  end
  local words = {}
  for word in line:gmatch("%S+") do
    words[#words + 1] = word
  end
  local numbers = #words == 2
  for _, word in ipairs(words) do
    if not word:match("^[+-]?[0-9]+$") then
      numbers = false
    end
  end
  if not numbers then
    io.write("You should enter numbers!\n")
  elseif not (one_to_three(words[1]) and one_to_three(words[2])) then
    io.write("Coordinates should be from 1 to 3!\n")
  else
    local index = (tonumber(one_to_three(words[1])) - 1) * 3 + tonumber(one_to_three(words[2]))
    if cells[index] ~= "_" then
      io.write("This cell is occupied! Choose another one!\n")
    else
      cells[index] = mark
      show()
      for _, line3 in ipairs(LINES) do
        if cells[line3[1]] == mark and cells[line3[2]] == mark and cells[line3[3]] == mark then
          io.write(mark .. " wins\n")
          os.exit(0)
        end
      end
      local full = true
      for i = 1, 9 do
        if cells[i] == "_" then
          full = false
        end
      end
      if full then
        io.write("Draw\n")
        os.exit(0)
      end
      mark = mark == "X" and "O" or "X"
    end
  end
end
