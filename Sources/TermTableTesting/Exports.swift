// The generated tests' random numbers (`SeededRandom`) live in the support target the toolkit's own test
// targets share (the core and layout ones link no TermTable); `import TermTableTesting` still brings them.
@_exported import TermTableTestSupport
