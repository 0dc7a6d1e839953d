# Stage 5 of the Tic-Tac-Toe kata in Perl, reading each answer with <STDIN>.
use strict;
use warnings;

$| = 1;
my @lines = ([0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]);
my @cells = ('_') x 9;
my $mark = 'X';

sub show {
    print "---------\n";
    for my $row (0 .. 2) {
        print '| ', join(' ', @cells[$row * 3 .. $row * 3 + 2]), " |\n";
    }
    print "---------\n";
}

show();
while (1) {
    print 'Enter the coordinates: ';
    my $line = <STDIN>;
    if (!defined $line) {
        print STDERR "stage5: input ended before the game was over\n";
        exit 1;
    }
    my @words = split ' ', $line;
    if (@words != 2 || grep { !/\A[+-]?[0-9]+\z/ } @words) {
        print "You should enter numbers!\n";
        next;
    }
    my @found = map { /\A\+?0*([1-3])\z/ ? $1 : undef } @words;
    if (grep { !defined } @found) {
        print "Coordinates should be from 1 to 3!\n";
        next;
    }
    my $index = ($found[0] - 1) * 3 + $found[1] - 1;
    if ($cells[$index] ne '_') {
        print "This cell is occupied! Choose another one!\n";
        next;
    }
    $cells[$index] = $mark;
    show();
    for my $line3 (@lines) {
        if (!grep { $cells[$_] ne $mark } @$line3) {
            print "$mark wins\n";
            exit 0;
        }
    }
    if (!grep { $_ eq '_' } @cells) {
        print "Draw\n";
        exit 0;
    }
    $mark = $mark eq 'X' ? 'O' : 'X';
}
