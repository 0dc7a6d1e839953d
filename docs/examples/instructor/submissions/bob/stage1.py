# Stage 1 as a learner might hand it in: the last row of the grid is wrong.
print("X O X")
print("O X O")
print("X O X")
