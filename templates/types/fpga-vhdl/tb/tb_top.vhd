library ieee;
use ieee.std_logic_1164.all;

library vunit_lib;
context vunit_lib.vunit_context;

entity tb_top is
  generic (runner_cfg : string);
end entity tb_top;

architecture tb of tb_top is
  signal clk : std_logic := '0';
  signal a   : std_logic := '0';
  signal q   : std_logic;
begin
  dut : entity work.top port map (clk => clk, a => a, q => q);
  clk <= not clk after 5 ns;

  main : process is
  begin
    test_runner_setup(runner, runner_cfg);
    a <= '1';
    wait until rising_edge(clk);
    wait for 1 ns;
    check_equal(q, '1', "q follows a after one clock");
    test_runner_cleanup(runner);
  end process;
end architecture tb;
