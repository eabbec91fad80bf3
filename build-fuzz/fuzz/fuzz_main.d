build-fuzz/fuzz/fuzz_main.o: fuzz/fuzz_main.c fuzz/fuzz_program.h \
  src/base/types.h

fuzz/fuzz_program.h:

src/base/types.h:
