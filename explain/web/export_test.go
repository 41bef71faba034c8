package web

// ReadData reads a page's data as Decode does once it has inflated it.
var ReadData = readData
