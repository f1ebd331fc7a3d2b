/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ConsoleBearerTokens {\n    bearerTokens {\n      id\n      label\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n": typeof types.ConsoleBearerTokensDocument,
    "\n  mutation ConsoleIssueBearerToken($label: String, $days: Int) {\n    issueBearerToken(label: $label, days: $days) {\n      token\n      bearerToken {\n        id\n      }\n    }\n  }\n": typeof types.ConsoleIssueBearerTokenDocument,
    "\n  mutation ConsoleRevokeBearerToken($id: String!) {\n    revokeBearerToken(id: $id)\n  }\n": typeof types.ConsoleRevokeBearerTokenDocument,
    "\n  query ConsoleChainPace($chainId: String!, $hours: Int) {\n    chainPace(chainId: $chainId, hours: $hours) {\n      sampledAt\n      indexedBlock\n      headBlock\n      lag\n      eventsIndexed\n      blocksPerSecond\n      eventsPerSecond\n    }\n  }\n": typeof types.ConsoleChainPaceDocument,
    "\n  query ConsoleContractMedia($chainId: String!, $contractAddress: String!) {\n    contractMedia(chainId: $chainId, contractAddress: $contractAddress) {\n      queued\n      running\n      ready\n      failed\n      failures {\n        tokenId\n        media {\n          field\n          originalUrl\n          error\n          retryAt\n        }\n      }\n    }\n  }\n": typeof types.ConsoleContractMediaDocument,
    "\n  query ConsoleTokenMedia($chainId: String!, $contractAddress: String!, $tokenId: BigInt!) {\n    tokenMedia(chainId: $chainId, contractAddress: $contractAddress, tokenId: $tokenId) {\n      tokenId\n      name\n      status\n      media {\n        field\n        originalUrl\n        status\n        error\n        retryAt\n        file {\n          url\n          mimeType\n          filesize\n          width\n          height\n          frames\n          thumbnails {\n            size\n            url\n            width\n            height\n          }\n        }\n      }\n    }\n  }\n": typeof types.ConsoleTokenMediaDocument,
    "\n  query ConsoleContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    contractInfoOverride(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      symbol\n      logoUri\n      extensions {\n        description\n      }\n      updatedAt\n    }\n  }\n": typeof types.ConsoleContractInfoOverrideDocument,
    "\n  mutation ConsoleAddContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    addContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n": typeof types.ConsoleAddContractInfoOverrideDocument,
    "\n  mutation ConsoleUpdateContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    updateContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n": typeof types.ConsoleUpdateContractInfoOverrideDocument,
    "\n  mutation ConsoleRemoveContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    removeContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress)\n  }\n": typeof types.ConsoleRemoveContractInfoOverrideDocument,
    "\n  query ConsoleContractSummary($chainId: String!, $contractAddress: String!) {\n    token(chainId: $chainId, contractAddress: $contractAddress) {\n      supply\n      holdersCount\n      holders(first: 5) {\n        nodes {\n          accountAddress\n          balance\n          tokenCount\n        }\n      }\n    }\n  }\n": typeof types.ConsoleContractSummaryDocument,
    "\n  query ConsoleWebhookDeliveryHours($chainId: String, $listenerId: Int!) {\n    webhookDeliveryHours(chainId: $chainId, listenerId: $listenerId, hours: 24) {\n      start\n      delivered\n      waiting\n      dead\n      averageLatencyMs\n      maxLatencyMs\n    }\n  }\n": typeof types.ConsoleWebhookDeliveryHoursDocument,
    "\n  query ConsoleAccessKeyUsage($id: Int!) {\n    accessKeyUsage(id: $id) {\n      day\n      requests\n      refused\n    }\n  }\n": typeof types.ConsoleAccessKeyUsageDocument,
    "\n  mutation ConsoleLinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    linkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress) {\n      contractAddress\n    }\n  }\n": typeof types.ConsoleLinkContractDocument,
    "\n  mutation ConsoleUnlinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    unlinkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress)\n  }\n": typeof types.ConsoleUnlinkContractDocument,
    "\n  mutation ConsoleQueueContractInfoRefresh($chainId: String!, $contractAddresses: [String!]!) {\n    queueContractInfoRefresh(chainId: $chainId, contractAddresses: $contractAddresses) {\n      id\n      status\n      error\n      result\n    }\n  }\n": typeof types.ConsoleQueueContractInfoRefreshDocument,
    "\n  mutation ConsoleQueueTokenMetadataRefresh($chainId: String!, $contractAddress: String!, $tokenIds: [BigInt!]) {\n    queueTokenMetadataRefresh(chainId: $chainId, contractAddress: $contractAddress, tokenIds: $tokenIds) {\n      id\n      status\n      error\n      result\n    }\n  }\n": typeof types.ConsoleQueueTokenMetadataRefreshDocument,
    "\n  query ConsoleMetadataTask($id: Int!) {\n    metadataTask(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n": typeof types.ConsoleMetadataTaskDocument,
    "\n  query ConsoleProjectUsage {\n    projectUsage {\n      day\n      requests\n      refused\n    }\n  }\n": typeof types.ConsoleProjectUsageDocument,
    "\n  query ConsoleTokenPropertyFilters($chainId: String!, $contractAddress: String!) {\n    tokenPropertyFilters(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      type\n      values\n    }\n  }\n": typeof types.ConsoleTokenPropertyFiltersDocument,
    "\n  query ConsoleSearchTokenMetadata($chainId: String!, $contractAddress: String!, $filter: TokenSearchFilterInput, $after: String) {\n    searchTokenMetadata(chainId: $chainId, contractAddress: $contractAddress, filter: $filter, first: 50, after: $after) {\n      totalCount\n      nodes {\n        tokenId\n        name\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ConsoleSearchTokenMetadataDocument,
    "\n  query ConsoleAccessKeys {\n    accessKeys {\n      id\n      name\n      hint\n      isDefault\n      origins\n      createdAt\n      requestsPerSecond\n      requestsPerMonth\n      maxQueryCost\n    }\n  }\n": typeof types.ConsoleAccessKeysDocument,
    "\n  mutation ConsoleCreateAccessKey($input: AccessKeyInput) {\n    createAccessKey(input: $input) {\n      key\n      accessKey {\n        id\n      }\n    }\n  }\n": typeof types.ConsoleCreateAccessKeyDocument,
    "\n  mutation ConsoleUpdateAccessKey($id: Int!, $input: AccessKeyInput!) {\n    updateAccessKey(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.ConsoleUpdateAccessKeyDocument,
    "\n  mutation ConsoleRotateAccessKey($id: Int!) {\n    rotateAccessKey(id: $id) {\n      key\n    }\n  }\n": typeof types.ConsoleRotateAccessKeyDocument,
    "\n  mutation ConsoleRevokeAccessKey($id: Int!) {\n    revokeAccessKey(id: $id)\n  }\n": typeof types.ConsoleRevokeAccessKeyDocument,
    "\n  query ConsoleChains {\n    chains {\n      chainId\n      name\n      indexedBlock\n      headBlock\n      finalizedBlock\n      lag\n      eventsIndexed\n      updatedAt\n      endpoints {\n        url\n        state\n        inUse\n        head\n        failures\n        served\n        failed\n      }\n      contracts {\n        address\n        state\n        percent\n        etaSeconds\n        error\n      }\n    }\n  }\n": typeof types.ConsoleChainsDocument,
    "\n  query ConsoleCollection($collectionId: Int!, $after: String) {\n    collection(collectionId: $collectionId) {\n      id\n      private\n      metadata {\n        name\n        description\n        externalLink\n        image\n        properties\n      }\n      baseUris {\n        contractMetadataUri\n        tokenMetadataUri\n      }\n      linkedContracts {\n        chainId\n        contractAddress\n      }\n      tokens(first: 50, after: $after) {\n        totalCount\n        nodes {\n          tokenId\n          name\n          image\n          private\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.ConsoleCollectionDocument,
    "\n  mutation ConsoleUpdateCollection($collectionId: Int!, $input: CollectionInput!) {\n    updateCollection(collectionId: $collectionId, input: $input) {\n      id\n    }\n  }\n": typeof types.ConsoleUpdateCollectionDocument,
    "\n  mutation ConsoleDeleteCollection($collectionId: Int!) {\n    deleteCollection(collectionId: $collectionId)\n  }\n": typeof types.ConsoleDeleteCollectionDocument,
    "\n  mutation ConsoleCreateToken($collectionId: Int!, $token: TokenMetadataInput!) {\n    createCollectionToken(collectionId: $collectionId, token: $token) {\n      tokenId\n    }\n  }\n": typeof types.ConsoleCreateTokenDocument,
    "\n  query ConsoleCollections($after: String) {\n    collections(first: 100, after: $after) {\n      totalCount\n      nodes {\n        id\n        private\n        tokenCount\n        metadata {\n          name\n          description\n          image\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.ConsoleCollectionsDocument,
    "\n  mutation ConsoleCreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      id\n    }\n  }\n": typeof types.ConsoleCreateCollectionDocument,
    "\n  query ConsoleSearchContracts($q: String!) {\n    searchContracts(q: $q, first: 20) {\n      nodes {\n        chainId\n        address\n        name\n        symbol\n        type\n      }\n    }\n  }\n": typeof types.ConsoleSearchContractsDocument,
    "\n  query ConsoleContractInfo($chainId: String!, $contractAddress: String!) {\n    contractInfo(chainId: $chainId, contractAddress: $contractAddress) {\n      chainId\n      address\n      name\n      symbol\n      type\n      logoUri\n      extensions {\n        verified\n        verifiedBy\n        blacklist\n        featured\n      }\n    }\n  }\n": typeof types.ConsoleContractInfoDocument,
    "\n  mutation ConsoleSetContractFlags($chainId: String!, $contractAddress: String!, $flags: ContractFlagsInput!) {\n    setContractFlags(chainId: $chainId, contractAddress: $contractAddress, flags: $flags) {\n      address\n    }\n  }\n": typeof types.ConsoleSetContractFlagsDocument,
    "\n  query ConsoleProjects {\n    projects {\n      id\n      name\n      createdAt\n    }\n  }\n": typeof types.ConsoleProjectsDocument,
    "\n  mutation ConsoleCreateProject($name: String!) {\n    createProject(name: $name) {\n      projectId\n      key\n      bearerToken\n    }\n  }\n": typeof types.ConsoleCreateProjectDocument,
    "\n  mutation ConsoleOpenProject($projectId: Int!) {\n    openProject(projectId: $projectId) {\n      projectId\n      bearerToken\n    }\n  }\n": typeof types.ConsoleOpenProjectDocument,
    "\n  mutation ConsoleRenameProject($projectId: Int!, $name: String!) {\n    renameProject(projectId: $projectId, name: $name) {\n      id\n    }\n  }\n": typeof types.ConsoleRenameProjectDocument,
    "\n  mutation ConsoleDeleteProject($projectId: Int!) {\n    deleteProject(projectId: $projectId)\n  }\n": typeof types.ConsoleDeleteProjectDocument,
    "\n  query ConsoleToken($collectionId: Int!, $tokenId: BigInt!) {\n    collection(collectionId: $collectionId) {\n      metadata {\n        name\n      }\n      baseUris {\n        tokenMetadataUri\n      }\n    }\n    collectionToken(collectionId: $collectionId, tokenId: $tokenId) {\n      tokenId\n      name\n      description\n      externalUrl\n      image\n      private\n      properties\n      attributes\n      assets {\n        id\n        metadataField\n        filename\n        filesize\n        mimeType\n        width\n        height\n        url\n      }\n    }\n  }\n": typeof types.ConsoleTokenDocument,
    "\n  mutation ConsoleUpdateToken($collectionId: Int!, $tokenId: BigInt!, $token: TokenMetadataInput!, $private: Boolean) {\n    updateCollectionToken(collectionId: $collectionId, tokenId: $tokenId, token: $token, private: $private) {\n      tokenId\n    }\n  }\n": typeof types.ConsoleUpdateTokenDocument,
    "\n  mutation ConsoleUploadAsset($collectionId: Int!, $tokenId: BigInt!, $metadataField: String!, $file: File!) {\n    uploadCollectionAsset(collectionId: $collectionId, tokenId: $tokenId, metadataField: $metadataField, file: $file) {\n      id\n      url\n      width\n      height\n    }\n  }\n": typeof types.ConsoleUploadAssetDocument,
    "\n  mutation ConsoleDeleteToken($collectionId: Int!, $tokenId: BigInt!) {\n    deleteCollectionToken(collectionId: $collectionId, tokenId: $tokenId)\n  }\n": typeof types.ConsoleDeleteTokenDocument,
    "\n  query ConsoleWalletPortfolio($walletAddress: String!, $contractStatus: ContractVerificationStatus, $after: String) {\n    projectPortfolio(walletAddress: $walletAddress, contractStatus: $contractStatus) {\n      parentWalletAddress\n      walletAddresses\n      chains {\n        chainId\n        errorReason\n        nativeTotal\n        truncated\n      }\n      holdings {\n        chainId\n        contractAddress\n        contractType\n        tokenId\n        balance\n        walletCount\n        tokenMetadata {\n          media {\n            field\n            file {\n              thumbnails {\n                size\n                url\n              }\n            }\n          }\n        }\n        contractInfo {\n          name\n          symbol\n          decimals\n          verdict {\n            verdict\n            reasons {\n              code\n            }\n          }\n        }\n      }\n      history(first: 20, after: $after) {\n        endCursor\n        transactions {\n          chainId\n          txnHash\n          timestamp\n          transfers {\n            transferType\n            contractAddress\n            from\n            to\n            amounts\n            tokenIds\n          }\n        }\n      }\n    }\n  }\n": typeof types.ConsoleWalletPortfolioDocument,
    "\n  query ConsoleWebhookChains {\n    chains {\n      chainId\n      name\n    }\n  }\n": typeof types.ConsoleWebhookChainsDocument,
    "\n  query ConsoleWebhookListeners($chainId: String) {\n    webhookListeners(chainId: $chainId) {\n      id\n      url\n      name\n      active\n      disabledReason\n      kinds\n      filters {\n        contractAddresses\n        accounts\n        events\n        tokenIds\n      }\n      createdAt\n    }\n  }\n": typeof types.ConsoleWebhookListenersDocument,
    "\n  mutation ConsoleAddWebhookListener($chainId: String, $input: WebhookListenerInput!) {\n    addWebhookListener(chainId: $chainId, input: $input) {\n      secret\n      listener {\n        id\n      }\n    }\n  }\n": typeof types.ConsoleAddWebhookListenerDocument,
    "\n  mutation ConsoleToggleWebhookListener($chainId: String, $id: Int!) {\n    toggleWebhookListener(chainId: $chainId, id: $id) {\n      id\n      active\n    }\n  }\n": typeof types.ConsoleToggleWebhookListenerDocument,
    "\n  mutation ConsoleRemoveWebhookListener($chainId: String, $id: Int!) {\n    removeWebhookListener(chainId: $chainId, id: $id)\n  }\n": typeof types.ConsoleRemoveWebhookListenerDocument,
    "\n  query ConsoleWebhookDeliveries($chainId: String, $listenerId: Int!) {\n    webhookDeliveries(chainId: $chainId, listenerId: $listenerId, first: 20) {\n      totalCount\n      nodes {\n        webhookId\n        status\n        attempts\n        lastError\n        lastStatus\n        latencyMs\n        firstBlock\n        lastBlock\n        eventCount\n        createdAt\n        deliveredAt\n        nextAttemptAt\n      }\n    }\n  }\n": typeof types.ConsoleWebhookDeliveriesDocument,
    "\n  mutation ConsoleReplayWebhookListener($chainId: String, $listenerId: Int!, $fromBlock: Int!) {\n    replayWebhookListener(chainId: $chainId, listenerId: $listenerId, fromBlock: $fromBlock)\n  }\n": typeof types.ConsoleReplayWebhookListenerDocument,
    "\n  query ConsoleViewer {\n    viewer {\n      role\n      projectId\n    }\n  }\n": typeof types.ConsoleViewerDocument,
};
const documents: Documents = {
    "\n  query ConsoleBearerTokens {\n    bearerTokens {\n      id\n      label\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n": types.ConsoleBearerTokensDocument,
    "\n  mutation ConsoleIssueBearerToken($label: String, $days: Int) {\n    issueBearerToken(label: $label, days: $days) {\n      token\n      bearerToken {\n        id\n      }\n    }\n  }\n": types.ConsoleIssueBearerTokenDocument,
    "\n  mutation ConsoleRevokeBearerToken($id: String!) {\n    revokeBearerToken(id: $id)\n  }\n": types.ConsoleRevokeBearerTokenDocument,
    "\n  query ConsoleChainPace($chainId: String!, $hours: Int) {\n    chainPace(chainId: $chainId, hours: $hours) {\n      sampledAt\n      indexedBlock\n      headBlock\n      lag\n      eventsIndexed\n      blocksPerSecond\n      eventsPerSecond\n    }\n  }\n": types.ConsoleChainPaceDocument,
    "\n  query ConsoleContractMedia($chainId: String!, $contractAddress: String!) {\n    contractMedia(chainId: $chainId, contractAddress: $contractAddress) {\n      queued\n      running\n      ready\n      failed\n      failures {\n        tokenId\n        media {\n          field\n          originalUrl\n          error\n          retryAt\n        }\n      }\n    }\n  }\n": types.ConsoleContractMediaDocument,
    "\n  query ConsoleTokenMedia($chainId: String!, $contractAddress: String!, $tokenId: BigInt!) {\n    tokenMedia(chainId: $chainId, contractAddress: $contractAddress, tokenId: $tokenId) {\n      tokenId\n      name\n      status\n      media {\n        field\n        originalUrl\n        status\n        error\n        retryAt\n        file {\n          url\n          mimeType\n          filesize\n          width\n          height\n          frames\n          thumbnails {\n            size\n            url\n            width\n            height\n          }\n        }\n      }\n    }\n  }\n": types.ConsoleTokenMediaDocument,
    "\n  query ConsoleContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    contractInfoOverride(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      symbol\n      logoUri\n      extensions {\n        description\n      }\n      updatedAt\n    }\n  }\n": types.ConsoleContractInfoOverrideDocument,
    "\n  mutation ConsoleAddContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    addContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n": types.ConsoleAddContractInfoOverrideDocument,
    "\n  mutation ConsoleUpdateContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    updateContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n": types.ConsoleUpdateContractInfoOverrideDocument,
    "\n  mutation ConsoleRemoveContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    removeContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress)\n  }\n": types.ConsoleRemoveContractInfoOverrideDocument,
    "\n  query ConsoleContractSummary($chainId: String!, $contractAddress: String!) {\n    token(chainId: $chainId, contractAddress: $contractAddress) {\n      supply\n      holdersCount\n      holders(first: 5) {\n        nodes {\n          accountAddress\n          balance\n          tokenCount\n        }\n      }\n    }\n  }\n": types.ConsoleContractSummaryDocument,
    "\n  query ConsoleWebhookDeliveryHours($chainId: String, $listenerId: Int!) {\n    webhookDeliveryHours(chainId: $chainId, listenerId: $listenerId, hours: 24) {\n      start\n      delivered\n      waiting\n      dead\n      averageLatencyMs\n      maxLatencyMs\n    }\n  }\n": types.ConsoleWebhookDeliveryHoursDocument,
    "\n  query ConsoleAccessKeyUsage($id: Int!) {\n    accessKeyUsage(id: $id) {\n      day\n      requests\n      refused\n    }\n  }\n": types.ConsoleAccessKeyUsageDocument,
    "\n  mutation ConsoleLinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    linkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress) {\n      contractAddress\n    }\n  }\n": types.ConsoleLinkContractDocument,
    "\n  mutation ConsoleUnlinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    unlinkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress)\n  }\n": types.ConsoleUnlinkContractDocument,
    "\n  mutation ConsoleQueueContractInfoRefresh($chainId: String!, $contractAddresses: [String!]!) {\n    queueContractInfoRefresh(chainId: $chainId, contractAddresses: $contractAddresses) {\n      id\n      status\n      error\n      result\n    }\n  }\n": types.ConsoleQueueContractInfoRefreshDocument,
    "\n  mutation ConsoleQueueTokenMetadataRefresh($chainId: String!, $contractAddress: String!, $tokenIds: [BigInt!]) {\n    queueTokenMetadataRefresh(chainId: $chainId, contractAddress: $contractAddress, tokenIds: $tokenIds) {\n      id\n      status\n      error\n      result\n    }\n  }\n": types.ConsoleQueueTokenMetadataRefreshDocument,
    "\n  query ConsoleMetadataTask($id: Int!) {\n    metadataTask(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n": types.ConsoleMetadataTaskDocument,
    "\n  query ConsoleProjectUsage {\n    projectUsage {\n      day\n      requests\n      refused\n    }\n  }\n": types.ConsoleProjectUsageDocument,
    "\n  query ConsoleTokenPropertyFilters($chainId: String!, $contractAddress: String!) {\n    tokenPropertyFilters(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      type\n      values\n    }\n  }\n": types.ConsoleTokenPropertyFiltersDocument,
    "\n  query ConsoleSearchTokenMetadata($chainId: String!, $contractAddress: String!, $filter: TokenSearchFilterInput, $after: String) {\n    searchTokenMetadata(chainId: $chainId, contractAddress: $contractAddress, filter: $filter, first: 50, after: $after) {\n      totalCount\n      nodes {\n        tokenId\n        name\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ConsoleSearchTokenMetadataDocument,
    "\n  query ConsoleAccessKeys {\n    accessKeys {\n      id\n      name\n      hint\n      isDefault\n      origins\n      createdAt\n      requestsPerSecond\n      requestsPerMonth\n      maxQueryCost\n    }\n  }\n": types.ConsoleAccessKeysDocument,
    "\n  mutation ConsoleCreateAccessKey($input: AccessKeyInput) {\n    createAccessKey(input: $input) {\n      key\n      accessKey {\n        id\n      }\n    }\n  }\n": types.ConsoleCreateAccessKeyDocument,
    "\n  mutation ConsoleUpdateAccessKey($id: Int!, $input: AccessKeyInput!) {\n    updateAccessKey(id: $id, input: $input) {\n      id\n    }\n  }\n": types.ConsoleUpdateAccessKeyDocument,
    "\n  mutation ConsoleRotateAccessKey($id: Int!) {\n    rotateAccessKey(id: $id) {\n      key\n    }\n  }\n": types.ConsoleRotateAccessKeyDocument,
    "\n  mutation ConsoleRevokeAccessKey($id: Int!) {\n    revokeAccessKey(id: $id)\n  }\n": types.ConsoleRevokeAccessKeyDocument,
    "\n  query ConsoleChains {\n    chains {\n      chainId\n      name\n      indexedBlock\n      headBlock\n      finalizedBlock\n      lag\n      eventsIndexed\n      updatedAt\n      endpoints {\n        url\n        state\n        inUse\n        head\n        failures\n        served\n        failed\n      }\n      contracts {\n        address\n        state\n        percent\n        etaSeconds\n        error\n      }\n    }\n  }\n": types.ConsoleChainsDocument,
    "\n  query ConsoleCollection($collectionId: Int!, $after: String) {\n    collection(collectionId: $collectionId) {\n      id\n      private\n      metadata {\n        name\n        description\n        externalLink\n        image\n        properties\n      }\n      baseUris {\n        contractMetadataUri\n        tokenMetadataUri\n      }\n      linkedContracts {\n        chainId\n        contractAddress\n      }\n      tokens(first: 50, after: $after) {\n        totalCount\n        nodes {\n          tokenId\n          name\n          image\n          private\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.ConsoleCollectionDocument,
    "\n  mutation ConsoleUpdateCollection($collectionId: Int!, $input: CollectionInput!) {\n    updateCollection(collectionId: $collectionId, input: $input) {\n      id\n    }\n  }\n": types.ConsoleUpdateCollectionDocument,
    "\n  mutation ConsoleDeleteCollection($collectionId: Int!) {\n    deleteCollection(collectionId: $collectionId)\n  }\n": types.ConsoleDeleteCollectionDocument,
    "\n  mutation ConsoleCreateToken($collectionId: Int!, $token: TokenMetadataInput!) {\n    createCollectionToken(collectionId: $collectionId, token: $token) {\n      tokenId\n    }\n  }\n": types.ConsoleCreateTokenDocument,
    "\n  query ConsoleCollections($after: String) {\n    collections(first: 100, after: $after) {\n      totalCount\n      nodes {\n        id\n        private\n        tokenCount\n        metadata {\n          name\n          description\n          image\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.ConsoleCollectionsDocument,
    "\n  mutation ConsoleCreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      id\n    }\n  }\n": types.ConsoleCreateCollectionDocument,
    "\n  query ConsoleSearchContracts($q: String!) {\n    searchContracts(q: $q, first: 20) {\n      nodes {\n        chainId\n        address\n        name\n        symbol\n        type\n      }\n    }\n  }\n": types.ConsoleSearchContractsDocument,
    "\n  query ConsoleContractInfo($chainId: String!, $contractAddress: String!) {\n    contractInfo(chainId: $chainId, contractAddress: $contractAddress) {\n      chainId\n      address\n      name\n      symbol\n      type\n      logoUri\n      extensions {\n        verified\n        verifiedBy\n        blacklist\n        featured\n      }\n    }\n  }\n": types.ConsoleContractInfoDocument,
    "\n  mutation ConsoleSetContractFlags($chainId: String!, $contractAddress: String!, $flags: ContractFlagsInput!) {\n    setContractFlags(chainId: $chainId, contractAddress: $contractAddress, flags: $flags) {\n      address\n    }\n  }\n": types.ConsoleSetContractFlagsDocument,
    "\n  query ConsoleProjects {\n    projects {\n      id\n      name\n      createdAt\n    }\n  }\n": types.ConsoleProjectsDocument,
    "\n  mutation ConsoleCreateProject($name: String!) {\n    createProject(name: $name) {\n      projectId\n      key\n      bearerToken\n    }\n  }\n": types.ConsoleCreateProjectDocument,
    "\n  mutation ConsoleOpenProject($projectId: Int!) {\n    openProject(projectId: $projectId) {\n      projectId\n      bearerToken\n    }\n  }\n": types.ConsoleOpenProjectDocument,
    "\n  mutation ConsoleRenameProject($projectId: Int!, $name: String!) {\n    renameProject(projectId: $projectId, name: $name) {\n      id\n    }\n  }\n": types.ConsoleRenameProjectDocument,
    "\n  mutation ConsoleDeleteProject($projectId: Int!) {\n    deleteProject(projectId: $projectId)\n  }\n": types.ConsoleDeleteProjectDocument,
    "\n  query ConsoleToken($collectionId: Int!, $tokenId: BigInt!) {\n    collection(collectionId: $collectionId) {\n      metadata {\n        name\n      }\n      baseUris {\n        tokenMetadataUri\n      }\n    }\n    collectionToken(collectionId: $collectionId, tokenId: $tokenId) {\n      tokenId\n      name\n      description\n      externalUrl\n      image\n      private\n      properties\n      attributes\n      assets {\n        id\n        metadataField\n        filename\n        filesize\n        mimeType\n        width\n        height\n        url\n      }\n    }\n  }\n": types.ConsoleTokenDocument,
    "\n  mutation ConsoleUpdateToken($collectionId: Int!, $tokenId: BigInt!, $token: TokenMetadataInput!, $private: Boolean) {\n    updateCollectionToken(collectionId: $collectionId, tokenId: $tokenId, token: $token, private: $private) {\n      tokenId\n    }\n  }\n": types.ConsoleUpdateTokenDocument,
    "\n  mutation ConsoleUploadAsset($collectionId: Int!, $tokenId: BigInt!, $metadataField: String!, $file: File!) {\n    uploadCollectionAsset(collectionId: $collectionId, tokenId: $tokenId, metadataField: $metadataField, file: $file) {\n      id\n      url\n      width\n      height\n    }\n  }\n": types.ConsoleUploadAssetDocument,
    "\n  mutation ConsoleDeleteToken($collectionId: Int!, $tokenId: BigInt!) {\n    deleteCollectionToken(collectionId: $collectionId, tokenId: $tokenId)\n  }\n": types.ConsoleDeleteTokenDocument,
    "\n  query ConsoleWalletPortfolio($walletAddress: String!, $contractStatus: ContractVerificationStatus, $after: String) {\n    projectPortfolio(walletAddress: $walletAddress, contractStatus: $contractStatus) {\n      parentWalletAddress\n      walletAddresses\n      chains {\n        chainId\n        errorReason\n        nativeTotal\n        truncated\n      }\n      holdings {\n        chainId\n        contractAddress\n        contractType\n        tokenId\n        balance\n        walletCount\n        tokenMetadata {\n          media {\n            field\n            file {\n              thumbnails {\n                size\n                url\n              }\n            }\n          }\n        }\n        contractInfo {\n          name\n          symbol\n          decimals\n          verdict {\n            verdict\n            reasons {\n              code\n            }\n          }\n        }\n      }\n      history(first: 20, after: $after) {\n        endCursor\n        transactions {\n          chainId\n          txnHash\n          timestamp\n          transfers {\n            transferType\n            contractAddress\n            from\n            to\n            amounts\n            tokenIds\n          }\n        }\n      }\n    }\n  }\n": types.ConsoleWalletPortfolioDocument,
    "\n  query ConsoleWebhookChains {\n    chains {\n      chainId\n      name\n    }\n  }\n": types.ConsoleWebhookChainsDocument,
    "\n  query ConsoleWebhookListeners($chainId: String) {\n    webhookListeners(chainId: $chainId) {\n      id\n      url\n      name\n      active\n      disabledReason\n      kinds\n      filters {\n        contractAddresses\n        accounts\n        events\n        tokenIds\n      }\n      createdAt\n    }\n  }\n": types.ConsoleWebhookListenersDocument,
    "\n  mutation ConsoleAddWebhookListener($chainId: String, $input: WebhookListenerInput!) {\n    addWebhookListener(chainId: $chainId, input: $input) {\n      secret\n      listener {\n        id\n      }\n    }\n  }\n": types.ConsoleAddWebhookListenerDocument,
    "\n  mutation ConsoleToggleWebhookListener($chainId: String, $id: Int!) {\n    toggleWebhookListener(chainId: $chainId, id: $id) {\n      id\n      active\n    }\n  }\n": types.ConsoleToggleWebhookListenerDocument,
    "\n  mutation ConsoleRemoveWebhookListener($chainId: String, $id: Int!) {\n    removeWebhookListener(chainId: $chainId, id: $id)\n  }\n": types.ConsoleRemoveWebhookListenerDocument,
    "\n  query ConsoleWebhookDeliveries($chainId: String, $listenerId: Int!) {\n    webhookDeliveries(chainId: $chainId, listenerId: $listenerId, first: 20) {\n      totalCount\n      nodes {\n        webhookId\n        status\n        attempts\n        lastError\n        lastStatus\n        latencyMs\n        firstBlock\n        lastBlock\n        eventCount\n        createdAt\n        deliveredAt\n        nextAttemptAt\n      }\n    }\n  }\n": types.ConsoleWebhookDeliveriesDocument,
    "\n  mutation ConsoleReplayWebhookListener($chainId: String, $listenerId: Int!, $fromBlock: Int!) {\n    replayWebhookListener(chainId: $chainId, listenerId: $listenerId, fromBlock: $fromBlock)\n  }\n": types.ConsoleReplayWebhookListenerDocument,
    "\n  query ConsoleViewer {\n    viewer {\n      role\n      projectId\n    }\n  }\n": types.ConsoleViewerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleBearerTokens {\n    bearerTokens {\n      id\n      label\n      createdAt\n      expiresAt\n      revokedAt\n    }\n  }\n"): typeof import('./graphql').ConsoleBearerTokensDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleIssueBearerToken($label: String, $days: Int) {\n    issueBearerToken(label: $label, days: $days) {\n      token\n      bearerToken {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleIssueBearerTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRevokeBearerToken($id: String!) {\n    revokeBearerToken(id: $id)\n  }\n"): typeof import('./graphql').ConsoleRevokeBearerTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleChainPace($chainId: String!, $hours: Int) {\n    chainPace(chainId: $chainId, hours: $hours) {\n      sampledAt\n      indexedBlock\n      headBlock\n      lag\n      eventsIndexed\n      blocksPerSecond\n      eventsPerSecond\n    }\n  }\n"): typeof import('./graphql').ConsoleChainPaceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleContractMedia($chainId: String!, $contractAddress: String!) {\n    contractMedia(chainId: $chainId, contractAddress: $contractAddress) {\n      queued\n      running\n      ready\n      failed\n      failures {\n        tokenId\n        media {\n          field\n          originalUrl\n          error\n          retryAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleContractMediaDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleTokenMedia($chainId: String!, $contractAddress: String!, $tokenId: BigInt!) {\n    tokenMedia(chainId: $chainId, contractAddress: $contractAddress, tokenId: $tokenId) {\n      tokenId\n      name\n      status\n      media {\n        field\n        originalUrl\n        status\n        error\n        retryAt\n        file {\n          url\n          mimeType\n          filesize\n          width\n          height\n          frames\n          thumbnails {\n            size\n            url\n            width\n            height\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleTokenMediaDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    contractInfoOverride(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      symbol\n      logoUri\n      extensions {\n        description\n      }\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').ConsoleContractInfoOverrideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleAddContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    addContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').ConsoleAddContractInfoOverrideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {\n    updateContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').ConsoleUpdateContractInfoOverrideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRemoveContractInfoOverride($chainId: String!, $contractAddress: String!) {\n    removeContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress)\n  }\n"): typeof import('./graphql').ConsoleRemoveContractInfoOverrideDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleContractSummary($chainId: String!, $contractAddress: String!) {\n    token(chainId: $chainId, contractAddress: $contractAddress) {\n      supply\n      holdersCount\n      holders(first: 5) {\n        nodes {\n          accountAddress\n          balance\n          tokenCount\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleContractSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWebhookDeliveryHours($chainId: String, $listenerId: Int!) {\n    webhookDeliveryHours(chainId: $chainId, listenerId: $listenerId, hours: 24) {\n      start\n      delivered\n      waiting\n      dead\n      averageLatencyMs\n      maxLatencyMs\n    }\n  }\n"): typeof import('./graphql').ConsoleWebhookDeliveryHoursDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleAccessKeyUsage($id: Int!) {\n    accessKeyUsage(id: $id) {\n      day\n      requests\n      refused\n    }\n  }\n"): typeof import('./graphql').ConsoleAccessKeyUsageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleLinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    linkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress) {\n      contractAddress\n    }\n  }\n"): typeof import('./graphql').ConsoleLinkContractDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUnlinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {\n    unlinkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress)\n  }\n"): typeof import('./graphql').ConsoleUnlinkContractDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleQueueContractInfoRefresh($chainId: String!, $contractAddresses: [String!]!) {\n    queueContractInfoRefresh(chainId: $chainId, contractAddresses: $contractAddresses) {\n      id\n      status\n      error\n      result\n    }\n  }\n"): typeof import('./graphql').ConsoleQueueContractInfoRefreshDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleQueueTokenMetadataRefresh($chainId: String!, $contractAddress: String!, $tokenIds: [BigInt!]) {\n    queueTokenMetadataRefresh(chainId: $chainId, contractAddress: $contractAddress, tokenIds: $tokenIds) {\n      id\n      status\n      error\n      result\n    }\n  }\n"): typeof import('./graphql').ConsoleQueueTokenMetadataRefreshDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleMetadataTask($id: Int!) {\n    metadataTask(id: $id) {\n      id\n      status\n      error\n      result\n    }\n  }\n"): typeof import('./graphql').ConsoleMetadataTaskDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleProjectUsage {\n    projectUsage {\n      day\n      requests\n      refused\n    }\n  }\n"): typeof import('./graphql').ConsoleProjectUsageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleTokenPropertyFilters($chainId: String!, $contractAddress: String!) {\n    tokenPropertyFilters(chainId: $chainId, contractAddress: $contractAddress) {\n      name\n      type\n      values\n    }\n  }\n"): typeof import('./graphql').ConsoleTokenPropertyFiltersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSearchTokenMetadata($chainId: String!, $contractAddress: String!, $filter: TokenSearchFilterInput, $after: String) {\n    searchTokenMetadata(chainId: $chainId, contractAddress: $contractAddress, filter: $filter, first: 50, after: $after) {\n      totalCount\n      nodes {\n        tokenId\n        name\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleSearchTokenMetadataDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleAccessKeys {\n    accessKeys {\n      id\n      name\n      hint\n      isDefault\n      origins\n      createdAt\n      requestsPerSecond\n      requestsPerMonth\n      maxQueryCost\n    }\n  }\n"): typeof import('./graphql').ConsoleAccessKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateAccessKey($input: AccessKeyInput) {\n    createAccessKey(input: $input) {\n      key\n      accessKey {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleCreateAccessKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateAccessKey($id: Int!, $input: AccessKeyInput!) {\n    updateAccessKey(id: $id, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').ConsoleUpdateAccessKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRotateAccessKey($id: Int!) {\n    rotateAccessKey(id: $id) {\n      key\n    }\n  }\n"): typeof import('./graphql').ConsoleRotateAccessKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRevokeAccessKey($id: Int!) {\n    revokeAccessKey(id: $id)\n  }\n"): typeof import('./graphql').ConsoleRevokeAccessKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleChains {\n    chains {\n      chainId\n      name\n      indexedBlock\n      headBlock\n      finalizedBlock\n      lag\n      eventsIndexed\n      updatedAt\n      endpoints {\n        url\n        state\n        inUse\n        head\n        failures\n        served\n        failed\n      }\n      contracts {\n        address\n        state\n        percent\n        etaSeconds\n        error\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleChainsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleCollection($collectionId: Int!, $after: String) {\n    collection(collectionId: $collectionId) {\n      id\n      private\n      metadata {\n        name\n        description\n        externalLink\n        image\n        properties\n      }\n      baseUris {\n        contractMetadataUri\n        tokenMetadataUri\n      }\n      linkedContracts {\n        chainId\n        contractAddress\n      }\n      tokens(first: 50, after: $after) {\n        totalCount\n        nodes {\n          tokenId\n          name\n          image\n          private\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleCollectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateCollection($collectionId: Int!, $input: CollectionInput!) {\n    updateCollection(collectionId: $collectionId, input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').ConsoleUpdateCollectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDeleteCollection($collectionId: Int!) {\n    deleteCollection(collectionId: $collectionId)\n  }\n"): typeof import('./graphql').ConsoleDeleteCollectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateToken($collectionId: Int!, $token: TokenMetadataInput!) {\n    createCollectionToken(collectionId: $collectionId, token: $token) {\n      tokenId\n    }\n  }\n"): typeof import('./graphql').ConsoleCreateTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleCollections($after: String) {\n    collections(first: 100, after: $after) {\n      totalCount\n      nodes {\n        id\n        private\n        tokenCount\n        metadata {\n          name\n          description\n          image\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleCollectionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateCollection($input: CollectionInput!) {\n    createCollection(input: $input) {\n      id\n    }\n  }\n"): typeof import('./graphql').ConsoleCreateCollectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSearchContracts($q: String!) {\n    searchContracts(q: $q, first: 20) {\n      nodes {\n        chainId\n        address\n        name\n        symbol\n        type\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleSearchContractsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleContractInfo($chainId: String!, $contractAddress: String!) {\n    contractInfo(chainId: $chainId, contractAddress: $contractAddress) {\n      chainId\n      address\n      name\n      symbol\n      type\n      logoUri\n      extensions {\n        verified\n        verifiedBy\n        blacklist\n        featured\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleContractInfoDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSetContractFlags($chainId: String!, $contractAddress: String!, $flags: ContractFlagsInput!) {\n    setContractFlags(chainId: $chainId, contractAddress: $contractAddress, flags: $flags) {\n      address\n    }\n  }\n"): typeof import('./graphql').ConsoleSetContractFlagsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleProjects {\n    projects {\n      id\n      name\n      createdAt\n    }\n  }\n"): typeof import('./graphql').ConsoleProjectsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateProject($name: String!) {\n    createProject(name: $name) {\n      projectId\n      key\n      bearerToken\n    }\n  }\n"): typeof import('./graphql').ConsoleCreateProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleOpenProject($projectId: Int!) {\n    openProject(projectId: $projectId) {\n      projectId\n      bearerToken\n    }\n  }\n"): typeof import('./graphql').ConsoleOpenProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRenameProject($projectId: Int!, $name: String!) {\n    renameProject(projectId: $projectId, name: $name) {\n      id\n    }\n  }\n"): typeof import('./graphql').ConsoleRenameProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDeleteProject($projectId: Int!) {\n    deleteProject(projectId: $projectId)\n  }\n"): typeof import('./graphql').ConsoleDeleteProjectDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleToken($collectionId: Int!, $tokenId: BigInt!) {\n    collection(collectionId: $collectionId) {\n      metadata {\n        name\n      }\n      baseUris {\n        tokenMetadataUri\n      }\n    }\n    collectionToken(collectionId: $collectionId, tokenId: $tokenId) {\n      tokenId\n      name\n      description\n      externalUrl\n      image\n      private\n      properties\n      attributes\n      assets {\n        id\n        metadataField\n        filename\n        filesize\n        mimeType\n        width\n        height\n        url\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateToken($collectionId: Int!, $tokenId: BigInt!, $token: TokenMetadataInput!, $private: Boolean) {\n    updateCollectionToken(collectionId: $collectionId, tokenId: $tokenId, token: $token, private: $private) {\n      tokenId\n    }\n  }\n"): typeof import('./graphql').ConsoleUpdateTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUploadAsset($collectionId: Int!, $tokenId: BigInt!, $metadataField: String!, $file: File!) {\n    uploadCollectionAsset(collectionId: $collectionId, tokenId: $tokenId, metadataField: $metadataField, file: $file) {\n      id\n      url\n      width\n      height\n    }\n  }\n"): typeof import('./graphql').ConsoleUploadAssetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDeleteToken($collectionId: Int!, $tokenId: BigInt!) {\n    deleteCollectionToken(collectionId: $collectionId, tokenId: $tokenId)\n  }\n"): typeof import('./graphql').ConsoleDeleteTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWalletPortfolio($walletAddress: String!, $contractStatus: ContractVerificationStatus, $after: String) {\n    projectPortfolio(walletAddress: $walletAddress, contractStatus: $contractStatus) {\n      parentWalletAddress\n      walletAddresses\n      chains {\n        chainId\n        errorReason\n        nativeTotal\n        truncated\n      }\n      holdings {\n        chainId\n        contractAddress\n        contractType\n        tokenId\n        balance\n        walletCount\n        tokenMetadata {\n          media {\n            field\n            file {\n              thumbnails {\n                size\n                url\n              }\n            }\n          }\n        }\n        contractInfo {\n          name\n          symbol\n          decimals\n          verdict {\n            verdict\n            reasons {\n              code\n            }\n          }\n        }\n      }\n      history(first: 20, after: $after) {\n        endCursor\n        transactions {\n          chainId\n          txnHash\n          timestamp\n          transfers {\n            transferType\n            contractAddress\n            from\n            to\n            amounts\n            tokenIds\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleWalletPortfolioDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWebhookChains {\n    chains {\n      chainId\n      name\n    }\n  }\n"): typeof import('./graphql').ConsoleWebhookChainsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWebhookListeners($chainId: String) {\n    webhookListeners(chainId: $chainId) {\n      id\n      url\n      name\n      active\n      disabledReason\n      kinds\n      filters {\n        contractAddresses\n        accounts\n        events\n        tokenIds\n      }\n      createdAt\n    }\n  }\n"): typeof import('./graphql').ConsoleWebhookListenersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleAddWebhookListener($chainId: String, $input: WebhookListenerInput!) {\n    addWebhookListener(chainId: $chainId, input: $input) {\n      secret\n      listener {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleAddWebhookListenerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleToggleWebhookListener($chainId: String, $id: Int!) {\n    toggleWebhookListener(chainId: $chainId, id: $id) {\n      id\n      active\n    }\n  }\n"): typeof import('./graphql').ConsoleToggleWebhookListenerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRemoveWebhookListener($chainId: String, $id: Int!) {\n    removeWebhookListener(chainId: $chainId, id: $id)\n  }\n"): typeof import('./graphql').ConsoleRemoveWebhookListenerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWebhookDeliveries($chainId: String, $listenerId: Int!) {\n    webhookDeliveries(chainId: $chainId, listenerId: $listenerId, first: 20) {\n      totalCount\n      nodes {\n        webhookId\n        status\n        attempts\n        lastError\n        lastStatus\n        latencyMs\n        firstBlock\n        lastBlock\n        eventCount\n        createdAt\n        deliveredAt\n        nextAttemptAt\n      }\n    }\n  }\n"): typeof import('./graphql').ConsoleWebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleReplayWebhookListener($chainId: String, $listenerId: Int!, $fromBlock: Int!) {\n    replayWebhookListener(chainId: $chainId, listenerId: $listenerId, fromBlock: $fromBlock)\n  }\n"): typeof import('./graphql').ConsoleReplayWebhookListenerDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleViewer {\n    viewer {\n      role\n      projectId\n    }\n  }\n"): typeof import('./graphql').ConsoleViewerDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
