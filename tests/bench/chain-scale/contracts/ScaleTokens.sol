// SPDX-License-Identifier: MIT
// Contracts of the chain-scale benchmark chain (tests/bench/chain-scale/generate.ts). Each function emits many real
// token events in one transaction, drawn from a seed, with balances kept in storage as a token would: `balanceOf`
// on the chain is what an indexer must end with. Accounts are keccak-derived (random-looking, as on a real chain,
// so that index inserts land all over the B-trees); `pool` bounds which accounts a call draws from.
pragma solidity ^0.8.20;

library Accounts {
    /// The i-th account of the benchmark's population.
    function at(uint256 i) internal pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encode("strata-bench-account", i)))));
    }

    function draw(uint256 seed, uint256 i) internal pure returns (uint256) {
        return uint256(keccak256(abi.encode(seed, i)));
    }
}

/// ERC-20. A few huge holders (the whales, minted the supply) pay the long tail; a quarter of the transfers move
/// half of a tail account's balance to another tail account (zero when it holds nothing, which real chains have too).
contract ScaleERC20 {
    string public name;
    string public symbol;
    uint8 public decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    uint256 private constant WHALES = 3;
    uint256 private constant WHALE_BASE = 1_000_000_000;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        uint256 each = 10 ** uint256(decimals_) * 1e12;
        for (uint256 w = 0; w < WHALES; w++) {
            address whale = Accounts.at(WHALE_BASE + w);
            balanceOf[whale] = each;
            totalSupply += each;
            emit Transfer(address(0), whale, each);
        }
    }

    function spray(uint256 n, uint256 seed, uint256 pool) external {
        uint256 unit = 10 ** uint256(decimals);
        for (uint256 i = 0; i < n; i++) {
            uint256 r = Accounts.draw(seed, i);
            address to = Accounts.at(r % pool);
            address from;
            uint256 value;
            if ((r >> 128) % 4 == 0) {
                from = Accounts.at((r >> 64) % pool);
                value = balanceOf[from] / 2;
            } else {
                from = Accounts.at(WHALE_BASE + ((r >> 192) % WHALES));
                value = ((r >> 32) % 10_000) * unit + ((r >> 160) % unit);
            }
            balanceOf[from] -= value;
            balanceOf[to] += value;
            emit Transfer(from, to, value);
        }
    }
}

/// ERC-721: mints with sequential ids, transfers of random existing tokens to random accounts, burns.
contract ScaleERC721 {
    string public name;
    string public symbol;
    uint256 public minted;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd;
    }

    function mint(uint256 n, uint256 seed, uint256 pool) external {
        for (uint256 i = 0; i < n; i++) {
            address to = Accounts.at(Accounts.draw(seed, i) % pool);
            uint256 id = ++minted;
            ownerOf[id] = to;
            balanceOf[to] += 1;
            emit Transfer(address(0), to, id);
        }
    }

    /// Moves (or with `burn`, burns) n drawn tokens; a drawn token already burned is skipped.
    function move(uint256 n, uint256 seed, uint256 pool, bool burn) external {
        if (minted == 0) return;
        for (uint256 i = 0; i < n; i++) {
            uint256 r = Accounts.draw(seed, i);
            uint256 id = (r % minted) + 1;
            address from = ownerOf[id];
            if (from == address(0)) continue;
            address to = burn ? address(0) : Accounts.at((r >> 64) % pool);
            ownerOf[id] = to;
            balanceOf[from] -= 1;
            if (!burn) balanceOf[to] += 1;
            emit Transfer(from, to, id);
        }
    }
}

/// ERC-1155: batch mints of up to hundreds of consecutive ids, single and batch transfers of half a holding.
contract ScaleERC1155 {
    mapping(uint256 => mapping(address => uint256)) private balances;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);

    function balanceOf(address account, uint256 id) external view returns (uint256) {
        return balances[id][account];
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0xd9b67a26;
    }

    function mintBatch(uint256 count, uint256 seed, uint256 pool, uint256 idSpace) external {
        uint256 r = Accounts.draw(seed, 0);
        address to = Accounts.at(r % pool);
        uint256 first = (r >> 64) % idSpace;
        uint256[] memory ids = new uint256[](count);
        uint256[] memory values = new uint256[](count);
        for (uint256 j = 0; j < count; j++) {
            ids[j] = first + j;
            values[j] = 1 + ((r >> j) % 1000);
            balances[ids[j]][to] += values[j];
        }
        emit TransferBatch(msg.sender, address(0), to, ids, values);
    }

    function moveSingle(uint256 n, uint256 seed, uint256 pool, uint256 idSpace) external {
        for (uint256 i = 0; i < n; i++) {
            uint256 r = Accounts.draw(seed, i);
            address from = Accounts.at(r % pool);
            address to = Accounts.at((r >> 64) % pool);
            uint256 id = (r >> 128) % idSpace;
            uint256 value = balances[id][from] / 2;
            balances[id][from] -= value;
            balances[id][to] += value;
            emit TransferSingle(msg.sender, from, to, id, value);
        }
    }

    function moveBatch(uint256 count, uint256 seed, uint256 pool, uint256 idSpace) external {
        uint256 r = Accounts.draw(seed, 0);
        address from = Accounts.at(r % pool);
        address to = Accounts.at((r >> 64) % pool);
        uint256 first = (r >> 128) % idSpace;
        uint256[] memory ids = new uint256[](count);
        uint256[] memory values = new uint256[](count);
        for (uint256 j = 0; j < count; j++) {
            ids[j] = first + j;
            values[j] = balances[ids[j]][from] / 2;
            balances[ids[j]][from] -= values[j];
            balances[ids[j]][to] += values[j];
        }
        emit TransferBatch(msg.sender, from, to, ids, values);
    }
}

/// Not a token: `Transfer`-shaped logs with the wrong number of topics (all arguments in data; only `from` indexed).
contract TransferLookalike {
    bytes32 private constant TRANSFER = keccak256("Transfer(address,address,uint256)");

    function emitLogs(uint256 n, uint256 seed) external {
        bytes32 t = TRANSFER;
        for (uint256 i = 0; i < n; i++) {
            uint256 r = Accounts.draw(seed, i);
            bytes memory data = abi.encode(Accounts.at(r % 1000), Accounts.at((r >> 64) % 1000), r % 1e18);
            if (i % 2 == 0) {
                assembly { log1(add(data, 32), mload(data), t) }
            } else {
                bytes32 from = bytes32(uint256(uint160(Accounts.at(r % 1000))));
                assembly { log2(add(data, 64), 64, t, from) }
            }
        }
    }
}

/// Not a token either: well-formed ERC-20 `Transfer` logs, but `balanceOf` reverts and nothing is stored.
contract RevertingBalanceOf {
    event Transfer(address indexed from, address indexed to, uint256 value);

    function balanceOf(address) external pure returns (uint256) {
        revert("not a token");
    }

    function emitLogs(uint256 n, uint256 seed) external {
        for (uint256 i = 0; i < n; i++) {
            uint256 r = Accounts.draw(seed, i);
            emit Transfer(Accounts.at(r % 1000), Accounts.at((r >> 64) % 1000), r % 1e18);
        }
    }
}
