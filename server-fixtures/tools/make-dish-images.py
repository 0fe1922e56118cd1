#!/usr/bin/env python3
"""Draws the fixture server's dish pictures: server-fixtures/Data/Images/<id>.png, one per menu item.

Each picture is 480x320, an indexed-colour PNG of a plain illustration: a gingham tablecloth in the
dish's own colour, a plate, the dish drawn in a few flat shapes, and the menu id in large blocky
digits. Only Python's standard library (zlib, struct, math) is used, and the output is the same on
every run, so the committed files can be regenerated and compared:

    python3 server-fixtures/tools/make-dish-images.py            # writes the six files
    python3 server-fixtures/tools/make-dish-images.py --check     # exits 1 if a file differs

The ids and dishes are those of server-fixtures/Data/menu.json (Apple's original six).
"""

import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 480, 320

# The palette: every colour any picture uses. Index 0 is the first entry.
COLOURS = {
    "white": (255, 255, 255),
    "plate": (246, 244, 238),
    "rim": (214, 210, 200),
    "shadow": (120, 110, 100),
    "ink": (40, 36, 34),
    "red": (196, 48, 40),
    "sauce": (176, 40, 30),
    "tomato": (222, 64, 52),
    "brown": (110, 62, 34),
    "noodle": (240, 208, 120),
    "crust": (214, 160, 84),
    "cheese": (252, 246, 220),
    "basil": (46, 128, 56),
    "lettuce": (120, 186, 72),
    "trout": (240, 130, 100),
    "trout_dark": (190, 90, 70),
    "grill": (90, 50, 40),
    "onion": (150, 70, 140),
    "pasta": (244, 214, 140),
    "pasta_edge": (214, 176, 96),
    "mushroom": (168, 140, 110),
    "bowl": (60, 110, 170),
    "broth": (236, 196, 96),
    "carrot": (238, 130, 40),
    "celery": (150, 200, 110),
    "chicken": (250, 236, 200),
    "olive": (30, 30, 30),
    "garlic": (250, 250, 236),
}
# Tablecloth colours, one pair (check, stripe) per dish id.
CLOTH = {
    1: ((232, 96, 88), (246, 180, 172)),  # red gingham
    2: ((64, 150, 80), (170, 214, 170)),  # green
    3: ((60, 120, 200), (168, 196, 236)),  # blue
    4: ((232, 170, 40), (246, 220, 150)),  # yellow
    5: ((140, 90, 190), (206, 180, 232)),  # purple
    6: ((40, 170, 170), (164, 222, 222)),  # teal
}
PALETTE = list(COLOURS.values())
for check, stripe in CLOTH.values():
    PALETTE += [check, stripe]
INDEX = {name: i for i, name in enumerate(COLOURS)}

# 5x7 digits, one string per row, '#' is ink.
DIGITS = {
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": ["####.", "....#", "....#", ".###.", "....#", "....#", "####."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": [".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."],
    "0": [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
}


class Canvas:
    """A WIDTH x HEIGHT grid of palette indices with a few filled shapes."""

    def __init__(self, fill):
        self.pixels = bytearray([fill]) * (WIDTH * HEIGHT)

    def fill(self, x0, y0, x1, y1, colour, inside):
        """Sets every pixel of the box whose centre satisfies inside(x, y)."""
        x0, y0 = max(0, int(x0)), max(0, int(y0))
        x1, y1 = min(WIDTH, int(math.ceil(x1)) + 1), min(HEIGHT, int(math.ceil(y1)) + 1)
        for y in range(y0, y1):
            row = y * WIDTH
            for x in range(x0, x1):
                if inside(x + 0.5, y + 0.5):
                    self.pixels[row + x] = colour

    def rect(self, x0, y0, x1, y1, colour):
        for y in range(max(0, y0), min(HEIGHT, y1)):
            self.pixels[y * WIDTH + max(0, x0) : y * WIDTH + min(WIDTH, x1)] = bytes([colour]) * (
                min(WIDTH, x1) - max(0, x0)
            )

    def ellipse(self, cx, cy, rx, ry, colour, angle=0.0):
        c, s = math.cos(angle), math.sin(angle)
        r = max(rx, ry)

        def inside(x, y):
            dx, dy = x - cx, y - cy
            u, v = dx * c + dy * s, -dx * s + dy * c
            return (u / rx) ** 2 + (v / ry) ** 2 <= 1

        self.fill(cx - r, cy - r, cx + r, cy + r, colour, inside)

    def circle(self, cx, cy, r, colour):
        self.ellipse(cx, cy, r, r, colour)

    def ring(self, cx, cy, outer, inner, colour):
        def inside(x, y):
            d = (x - cx) ** 2 + (y - cy) ** 2
            return inner * inner <= d <= outer * outer

        self.fill(cx - outer, cy - outer, cx + outer, cy + outer, colour, inside)

    def polygon(self, points, colour):
        xs, ys = [p[0] for p in points], [p[1] for p in points]

        def inside(x, y):
            hit = False
            for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    hit = not hit
            return hit

        self.fill(min(xs), min(ys), max(xs), max(ys), colour, inside)

    def stroke(self, points, width, colour):
        """A thick line through points, drawn as overlapping discs."""
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            steps = max(1, int(math.hypot(bx - ax, by - ay) / (width / 3)))
            for i in range(steps + 1):
                t = i / steps
                self.circle(ax + (bx - ax) * t, ay + (by - ay) * t, width / 2, colour)

    def digits(self, text, x, y, block, colour):
        for n, char in enumerate(text):
            for row, line in enumerate(DIGITS[char]):
                for col, mark in enumerate(line):
                    if mark == "#":
                        left = x + n * 6 * block + col * block
                        self.rect(left, y + row * block, left + block, y + (row + 1) * block, colour)


def c(name):
    return INDEX[name]


def tablecloth(canvas, dish):
    """Gingham: bands of the dish's stripe colour, darker where they cross."""
    check = len(COLOURS) + 2 * (dish - 1)
    stripe = check + 1
    band = 40
    for y in range(HEIGHT):
        for x in range(WIDTH):
            across, down = (x // band) % 2 == 0, (y // band) % 2 == 0
            if across and down:
                canvas.pixels[y * WIDTH + x] = check
            elif across or down:
                canvas.pixels[y * WIDTH + x] = stripe


def plate(canvas):
    canvas.ellipse(252, 172, 142, 128, c("shadow"))
    canvas.circle(246, 164, 140, c("rim"))
    canvas.circle(246, 164, 124, c("plate"))


def spaghetti(canvas):  # 1
    canvas.circle(246, 164, 100, c("sauce"))
    for k in range(9):
        phase = k * 0.7
        points = [(150 + t * 4, 110 + k * 12 + 10 * math.sin(t * 0.35 + phase)) for t in range(49)]
        canvas.stroke(points, 6, c("noodle"))
    for cx, cy in [(210, 140), (280, 130), (250, 200), (310, 190), (190, 200)]:
        canvas.circle(cx, cy, 22, c("brown"))
        canvas.circle(cx - 7, cy - 7, 5, c("crust"))
    for cx, cy in [(240, 160), (300, 160), (220, 175)]:
        canvas.ellipse(cx, cy, 9, 5, c("basil"), angle=0.6)


def pizza(canvas):  # 2
    canvas.circle(246, 164, 118, c("crust"))
    canvas.circle(246, 164, 100, c("red"))
    for cx, cy in [(200, 120), (290, 115), (310, 200), (210, 210), (255, 165), (170, 165), (330, 150)]:
        canvas.circle(cx, cy, 20, c("cheese"))
    for cx, cy, a in [(230, 130, 0.4), (275, 200, -0.5), (320, 175, 1.1), (185, 190, 0.2), (262, 108, -1.0)]:
        canvas.ellipse(cx, cy, 16, 7, c("basil"), angle=a)
    for a in range(4):  # slice cuts
        angle = a * math.pi / 4
        dx, dy = math.cos(angle) * 118, math.sin(angle) * 118
        canvas.stroke([(246 - dx, 164 - dy), (246 + dx, 164 + dy)], 3, c("crust"))


def trout(canvas):  # 3
    for cx, cy, a in [(190, 220, 0.3), (225, 232, -0.2), (300, 225, 0.5), (330, 210, -0.4)]:
        canvas.ellipse(cx, cy, 34, 16, c("lettuce"), angle=a)
    for cx, cy in [(270, 240), (205, 245)]:
        canvas.circle(cx, cy, 14, c("tomato"))
    canvas.polygon([(340, 150), (385, 112), (378, 150), (385, 188)], c("trout_dark"))
    canvas.ellipse(240, 150, 105, 42, c("trout"))
    for k in range(6):
        x = 175 + k * 26
        canvas.stroke([(x, 120), (x + 22, 180)], 5, c("grill"))
    canvas.circle(160, 142, 6, c("ink"))
    for cx in (215, 250, 285):
        canvas.ring(cx, 250, 12, 8, c("onion"))


def ravioli(canvas):  # 4
    canvas.circle(246, 164, 104, c("sauce"))
    for row in range(2):
        for col in range(3):
            x, y = 160 + col * 62, 108 + row * 62
            canvas.rect(x - 4, y - 4, x + 56, y + 56, c("pasta_edge"))
            for k in range(8):  # crimped edge
                for ex, ey in [(x + k * 7, y - 4), (x + k * 7, y + 56), (x - 4, y + k * 7), (x + 56, y + k * 7)]:
                    canvas.circle(ex, ey, 3, c("pasta_edge"))
            canvas.rect(x + 4, y + 4, x + 48, y + 48, c("pasta"))
            canvas.circle(x + 26, y + 26, 12, c("pasta_edge"))
    for cx, cy in [(200, 245), (295, 240), (240, 95)]:
        canvas.ellipse(cx, cy, 14, 10, c("mushroom"))
        canvas.rect(cx - 4, cy, cx + 4, cy + 14, c("mushroom"))


def soup(canvas):  # 5
    canvas.circle(246, 164, 112, c("bowl"))
    canvas.circle(246, 164, 96, c("broth"))
    for k in range(6):
        points = [(170 + t * 4, 120 + k * 16 + 6 * math.sin(t * 0.5 + k)) for t in range(39)]
        canvas.stroke(points, 5, c("noodle"))
    for cx, cy in [(200, 130), (290, 120), (310, 200), (215, 205), (255, 165)]:
        canvas.circle(cx, cy, 11, c("carrot"))
        canvas.circle(cx, cy, 4, c("crust"))
    for x, y in [(240, 110), (180, 170), (280, 215), (320, 155)]:
        canvas.rect(x, y, x + 16, y + 12, c("celery"))
    for cx, cy in [(265, 135), (230, 230), (195, 150)]:
        canvas.ellipse(cx, cy, 14, 9, c("chicken"), angle=0.3)


def salad(canvas):  # 6
    leaves = [(200, 130, 0.5), (290, 125, -0.4), (320, 190, 0.9), (205, 205, -0.7), (250, 165, 0.1), (255, 230, 1.4)]
    for cx, cy, a in leaves:
        canvas.ellipse(cx, cy, 52, 26, c("lettuce"), angle=a)
        dx, dy = 40 * math.cos(a), 40 * math.sin(a)
        canvas.stroke([(cx - dx, cy - dy), (cx + dx, cy + dy)], 3, c("basil"))
    for cx, cy in [(230, 120), (300, 170), (200, 180), (265, 215)]:
        canvas.circle(cx, cy, 16, c("tomato"))
        canvas.circle(cx, cy, 6, c("red"))
    for cx, cy in [(260, 140), (320, 135), (180, 140), (240, 195), (300, 225)]:
        canvas.ring(cx, cy, 9, 4, c("olive"))
    for cx, cy in [(215, 245), (330, 215), (275, 100)]:
        canvas.ring(cx, cy, 15, 11, c("onion"))
    for cx, cy in [(195, 100), (340, 170)]:
        canvas.ellipse(cx, cy, 8, 5, c("garlic"), angle=0.8)


DISHES = {1: spaghetti, 2: pizza, 3: trout, 4: ravioli, 5: soup, 6: salad}


def draw(dish):
    canvas = Canvas(c("white"))
    tablecloth(canvas, dish)
    plate(canvas)
    DISHES[dish](canvas)
    # The id, large and blocky, on a white card in the top-left corner.
    canvas.rect(12, 12, 92, 124, c("ink"))
    canvas.rect(16, 16, 88, 120, c("white"))
    canvas.digits(str(dish), 22, 26, 12, c("ink"))
    return canvas


def png(canvas):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 3, 0, 0, 0)  # 8-bit indexed colour
    palette = b"".join(bytes(rgb) for rgb in PALETTE)
    rows = b"".join(b"\x00" + bytes(canvas.pixels[y * WIDTH : (y + 1) * WIDTH]) for y in range(HEIGHT))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", palette)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def main():
    check = "--check" in sys.argv[1:]
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data", "Images")
    differs = []
    for dish in DISHES:
        data = png(draw(dish))
        path = os.path.normpath(os.path.join(folder, f"{dish}.png"))
        if check:
            with open(path, "rb") as existing:
                if existing.read() != data:
                    differs.append(path)
        else:
            with open(path, "wb") as out:
                out.write(data)
            print(f"{path}: {WIDTH}x{HEIGHT}, {len(data)} bytes")
    if differs:
        print("differ from the generator: " + ", ".join(differs), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
