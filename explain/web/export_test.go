package web

// ReadData reads a page's data as Decode does once it has inflated it.
var ReadData = readData

// RateGrid rates a grid for its page.
var RateGrid = rateGrid
