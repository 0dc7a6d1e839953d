package main

import "fmt"

func main() {
	var name string
	fmt.Scan(&name)
	fmt.Printf("Hello, %s!\n", name)
}
