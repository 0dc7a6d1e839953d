import sumlib

sumlib.answer(sum(sumlib.values()))
