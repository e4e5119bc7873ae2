-- {{name}}: top-level entity.
library ieee;
use ieee.std_logic_1164.all;

entity top is
  port (
    clk : in  std_logic;
    a   : in  std_logic;
    q   : out std_logic
  );
end entity top;

architecture rtl of top is
begin
  process (clk) is
  begin
    if rising_edge(clk) then
      q <= a;
    end if;
  end process;
end architecture rtl;
